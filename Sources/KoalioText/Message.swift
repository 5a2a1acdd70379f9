/// Every message koalio shows a player, as code names it: the one table that the view
/// translates (``Words``), that `po/koalio.pot` is made from (``MessageTemplate``), and that
/// the tests hold complete in every shipped language. A message's English is gettext's
/// `msgid`, its case name the `msgctxt` (the same English in two places may be translated
/// apart); `%s` and `%d` are filled in order, `%1$s` lets a translation reorder them.
public enum Message: String, CaseIterable, Sendable {
    // The title
    case tagline, play, settings, howToPlay, addPhone, quit
    case quitQuestion, yes, no
    // Hints: a glyph, then what it does
    case hintSelect, hintGo, hintQuit, hintPlay, hintBack, hintOpen, hintChange, hintChoose, hintLevels, hintResume
    case hintNextLevel, hintContinue, hintPlayAgain, hintTryAgain, tapAnEntry, tapBack, hintJump, hintDash, hintWalk, hintPause
    case defaultPausePrompt, defaultWonPrompt, defaultDiedPrompt
    // The level select and packs
    case levels, levelNumber, world, moreLevels, back, new, locked, missing, best, wonWithAssist, leavesCount
    case byAuthor, cannotRead, andMore, noPacksYet, levelsByOthers
    case worldComplete, worldCompleteSummary, time, leaves, medals, `continue`, wonOnlyWithAssist, noneHere, noneYet
    case medalGold, medalSilver, medalBronze
    // How to play
    case walk, jump, dash, pause, left, right, holdForHigher, runsFaster, rules
    // Add a phone and the card
    case newCode, phonesFull, codeOffTooManyWrong, scanTheCode, phonePad, codeOff, codeOffChooseNewCode, orOpenAddress
    // Settings
    case keyboardKeys, padButtons, onScreenControls, video, assist, resetToDefaults, reset, resetValue, alsoBound
    case on, off, display, notConnected, smoothMotionAuto, pressKeyFor, pressPadButtonFor, orATapCancels, assistApplies
    case language, automatic
    case nintendoButtons, byPosition, byLabel, stickDeadZone, rumble, rumbleStrength, opacity, size, leftHanded, joystick
    case floating, fixed, fullscreen, windowScale, scaling, pixelPerfect, fill, smoothMotion, auto, musicVolume, effectsVolume
    case ghost, gameSpeed, invincible, infiniteDash, phonePads
    // A level: pause, end screens, the overlay
    case paused, resume, restart, playerLeaves, youWon, youDied, tryAgain, replayBadge
    case timeLine, bestAfterTime, assistNoBest, firstWin, newBest, medalWon, bronzeAt, nextMedalAt, leavesLine, everyLeaf
    case playerTime, reachedTheFlag, batteryLow, padBattery
    case batteryUnknown, batteryWired, batteryFull, batteryEmpty, batteryLowShort, batteryMedium
    // Controllers: notices and join prompts
    case padConnected, padDisconnected, playerPadLost, playerPadReturned, playerJoined, playerLeft
    case padPressToJoin, toJoin, playerPadGone, playersPadsGone, onScreenControlsName, keyboardName
    case levelReloaded, levelReloadedAtSpawn
    // The player's files, a level that does not start
    case settingsUnreadable, settingsProblems, settingsProblemsMarked, progressUnreadable, noSuchLevel

    /// A message as the table holds it.
    public struct Entry: Sendable {
        /// The English, with `%s` / `%d` where the arguments go (gettext's c-format).
        public var english: String
        /// The English plural (for ``Text/counted(_:count:_:)``), nil for a message without a number.
        public var englishPlural: String?
        /// Where it shows, for translators (the template's `#.` comment).
        public var note: String
        /// The most character cells it may take on its line in the game's font (the room its box has).
        public var cells: Int

        init(_ english: String, plural: String? = nil, _ note: String, cells: Int) {
            self.english = english
            englishPlural = plural
            self.note = note
            self.cells = cells
        }
    }

    /// gettext's context: the case name.
    public var context: String { rawValue }
}
