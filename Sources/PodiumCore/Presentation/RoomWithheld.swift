/// What the room sees instead of the talk, live, in the order it is drawn: the speaker's cover
/// (black or white, over everything), else a look-up's hold on the scene it came from, else a
/// freeze. Every notice that says what the room sees reads it here (review31: the display-back
/// notice said "the frozen frame" over a black projector).
enum RoomWithheld: Equatable {
    case cover(AudienceMode), lookUp(origin: Int), frozen
}

extension Presentation {
    /// Nil: the room sees the talk.
    var roomWithheld: RoomWithheld? {
        if audienceMode != .normal { return .cover(audienceMode) }
        if let l = lookUp { return .lookUp(origin: l.origin) }
        return isFrozen ? .frozen : nil
    }
}
