import BandListScene
import PodiumKit
import TitleScene
import WebSearchScene

/// The scene plugins shipped in `Plugins/`, registered at build time.
enum BuiltInPluginList {
    static var all: [PluginDescriptor] { [TitlePlugin.descriptor(), BandListPlugin.descriptor()]
        + [WebSearchPlugin.descriptor()] }
}
