import PodiumKit

/// The presenter's open question ("Quit the talk? q again…") and go-to-slide prompt are answers
/// the speaker is in the middle of giving about the talk as it is. When the talk moves or the
/// room's picture changes from anywhere else (the phone remote, the control socket, a broker
/// leader, a scene's own timer), they close, as any other key closes them: otherwise `q`, the
/// phone's next, `q` quits the talk, and digits, two phone nexts, Return jumps to the typed slide.
extension Presentation {
    /// Closes an open question (unanswered, as Esc) and the go-to-slide prompt, and a launch
    /// warning shown until a move (`showWarningUntilAMove`). A question that holds the talk (the
    /// resume question) stays: nothing moves the talk while it is open.
    func closePromptsForAMove() {
        if let q = pendingQuestion, q.holding == nil { answerQuestion(false) }
        if pageJump != nil { cancelPageJump() }
        if noticeUntilAMove { showNotice(nil) }
    }
}
