import CSDL2
import Foundation

// Entry point: parse the command line and run one command. Exit codes: 0 success, 1 runtime
// failure, 2 usage or validation error.
podium_line_buffer_stdout()
podium_ignore_sigpipe()
exit(CommandLineInterface.run(Array(CommandLine.arguments.dropFirst())))
