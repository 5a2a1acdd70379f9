/// Every message koalio shows a player, as code names it: the one table that the view
/// translates (``Words``), that `po/koalio.pot` is made from (KoalioMessageTemplate, with each
/// message's note for translators, which the game's binary does without), and that
/// the tests hold complete in every shipped language. A message's English is gettext's
/// `msgid`, its case name the `msgctxt` (the same English in two places may be translated
/// apart); `%s` and `%d` are filled in order, `%1$s` lets a translation reorder them.
public enum Message: CaseIterable, Sendable {
    // The title
    case tagline, play, settings, howToPlay, addPhone, quit
    case quitQuestion, yes, no
    // Hints: a glyph, then what it does
    case hintSelect, hintGo, hintQuit, hintPlay, hintBack, hintOpen, hintChange, hintChoose, hintLevels, hintResume
    case hintNextLevel, hintContinue, hintPlayAgain, hintTryAgain, tapAnEntry, tapBack, hintJump, hintDash, hintWalk, hintPause
    case defaultPausePrompt, defaultWonPrompt, defaultDiedPrompt
    // The level select and packs
    case levels, levelNumber, world, moreLevels, back, new, locked, missing, best, wonWithAssist, leavesCount
    case byAuthor, andMore, noPacksYet, levelsByOthers
    // The shipped levels' titles (their maps' `title`, in this English), on the status line and
    // over "You Won!"
    case levelMeadow, levelTreetops, levelCave, levelRedCentre, levelNightForest, levelGorge
    case worldComplete, worldCompleteSummary, time, leaves, medals, `continue`, wonOnlyWithAssist, noneHere, noneYet
    case medalGold, medalSilver, medalBronze, goldCount, silverCount, bronzeCount, listComma
    // How to play
    case walk, jump, dash, pause, left, right, holdForHigher, runsFaster, rules
    // Add a phone and the card
    case newCode, phonesFull, codeOffTooManyWrong, scanTheCode, phonePad, codeOff, codeOffChooseNewCode, orOpenAddress
    // Settings
    case keyboardKeys, padButtons, onScreenControls, video, assist, resetToDefaults, reset, resetValue, alsoBound
    case on, off, display, notConnected, smoothMotionAuto, pressKeyFor, pressPadButtonFor, hintCancel, tapCancels, waitToCancel, noPadToBind, assistApplies
    case language, automatic
    case nintendoButtons, byPosition, byLabel, stickDeadZone, rumble, rumbleStrength, opacity, size, leftHanded, joystick, showControls, always
    case floating, fixed, fullscreen, windowScale, scaling, pixelPerfect, fill, smoothMotion, auto, musicVolume, effectsVolume
    case ghost, gameSpeed, invincible, infiniteDash, phonePads
    // A level: pause, end screens, the overlay
    case paused, resume, restart, playerLeaves, youWon, youDied, replayBadge
    case timeLine, bestAfterTime, assistNoBest, firstWin, newBest, goldMedal, silverMedal, bronzeMedal, bronzeAt, silverAt, goldAt
    case leavesLine, everyLeaf
    case playerTime, reachedTheFlag, batteryLow, padBattery
    case batteryUnknown, batteryWired, batteryFull, batteryEmpty, batteryLowShort, batteryMedium
    // Controllers: notices and join prompts
    case padConnected, padDisconnected, playerPadLost, playerPadReturned, playerJoined, playerLeft
    case padPressToJoin, toJoin, playerPadGone, playersPadsGone, andList, phonePadName
    case levelReloaded, levelReloadedAtSpawn, levelNotReloaded, windowScaleFits
    // Problems with a file or the network, said where they happen
    case fileMissing, fileUnreadable, fileDamaged, fileDamagedAtLine
    case networkPortInUse, networkNotAllowed, networkUnreachable, networkBadAddress, networkNoHomeNetwork, phonesCannotJoin
    // Online co-op: the waiting screen and the lines over the level
    case onlineWaitingForPlayers, onlineInvitation, onlineWaitingForHost, onlineReconnecting
    case onlineDesync, onlineOtherDesync, onlineHostGone, onlineRemoved
    // Online co-op from the title: Play online, hosting, the join form and why a try failed
    case playOnline, hostGame, joinGame, onlineHow, onlineChooseLevel, onlineAddress, onlineCode, onlineJoinNow, onlineLooking
    case onlineJoinHow, onlineJoining, hintPick, hintAdd, hintDelete, hintStart, hintLeave, onlineLeave, hintNewCode, onlineHostCodeOff,
         hintType, hintNext, tapKeys
    case onlineBadAddress, onlineNoCode, onlineCannotHost, onlineNoAnswer, onlineWrongCode, onlineCodeOff, onlineLockedOut
    case onlineFull, onlineOtherVersion, onlineNoLevel, onlineCannotJoin
    // Online anywhere: a room code on a rendezvous (issue 51)
    case hostHere, hostAnywhere, hideMyAddress, onlineHostWhere, onlineNoRendezvous, onlineRoomCode, onlineNoRoomCode, onlineRoomFailed
    case onlineRoomOpening, onlineRoomInvitation, onlinePathDirect, onlinePathRelayed, onlineJoiningRoom, rendezvous, rendezvousCertificate
    case roomNoSuch, roomTaken, roomRefused, roomNoAddress, roomUnreachable, roomConnectionFailed, roomClosed, roomSilent, roomTimedOut
    case roomNoPath, roomPeerRefused, roomMissing
    // Speedrun mode: the categories, the timer, the splits and the results
    case speedrun, allLevels, speedrunHow, speedrunAssistOn, runComplete, inGameTime, realTime, newPersonalBest, speedrunTimer, liveSplitOneServer
    // The player's files, a level that does not start
    case settingsUnreadable, settingsProblems, settingsProblemsMarked, progressUnreadable, noSuchLevel
    // The desktop: the menu entry (dist/koalio.desktop) and the software centre's page
    // (dist/koalio.metainfo.xml), translated by `msgfmt --desktop` and `msgfmt --xml`
    case desktopGenericName, desktopComment, desktopKeywords, metainfoSummary, metainfoAbout, metainfoPads
    // The phone's page (KoalioLocalServer's PhonePage), in the phone's own language
    case phoneConnecting, phoneConnected, phoneDisconnected, phoneCodeLabel, phoneJoin, phoneTurn, phoneWrongCode, phoneNoCard
    case phoneCodeOff, phoneBadToken, phoneStale, phoneFull, phoneNotLetIn, phoneWait, phonePlayer, phonePressToJoin, phoneSteerHere
    case phonesOnMark

    /// The shipped levels' titles, in their order: a map whose `title` is one of these English
    /// titles is shown in the player's words (``Text/levelTitle(_:name:)``).
    public static let levelTitles: [Message] = [.levelMeadow, .levelTreetops, .levelNightForest, .levelGorge, .levelRedCentre, .levelCave]

    /// A message as the table holds it.
    public struct Entry: Sendable {
        /// The English, with `%s` / `%d` where the arguments go (gettext's c-format).
        public var english: String
        /// The English plural (for ``Text/counted(_:count:_:)``), nil for a message without a number.
        public var englishPlural: String?
        /// The most character cells it may take on its line in the game's font (the room its box has).
        public var cells: Int
        /// Where it is drawn: in the game's own font (the atlas must hold its characters, its
        /// room is counted in cells), on the phone's page, or by the desktop.
        public var place = Place.game
        /// A line of the desktop files, looked up by `msgfmt --desktop` / `--xml` by its English
        /// alone: it has no context in the catalogue.
        public var isDesktop: Bool { place == .desktop }

        init(_ english: String, plural: String? = nil, cells: Int) {
            self.english = english
            englishPlural = plural
            self.cells = cells
        }

        static func desktop(_ english: String) -> Entry {
            var entry = Entry(english, cells: 10_000)  // not drawn by the game
            entry.place = .desktop
            return entry
        }

        static func phone(_ english: String) -> Entry {
            var entry = Entry(english, cells: 10_000)  // the phone's browser lays it out
            entry.place = .phone
            return entry
        }
    }

    /// Who draws a message.
    public enum Place: Sendable {
        case game, phone, desktop
    }

    /// gettext's context: the case name (none for the desktop files' lines).
    public var context: String? { entry.isDesktop ? nil : name }

    /// The case's name (`hostGame`): gettext's context, the phone page's key. The enum's own
    /// name for the case, not a `String` raw value: that would add a switch of every name each
    /// way to the binary (about 15 KB, against its guard: tools/check-binary).
    public var name: String { String(describing: self) }

    /// The catalogue's key: `context \u{4} English`, or the English alone.
    public var key: String { context.map { $0 + "\u{4}" + entry.english } ?? entry.english }
}
