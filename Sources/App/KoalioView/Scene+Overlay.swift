import KoalioCore
import KoalioHUD
import KoalioSim
import KoalioText
import KoalioUI

/// What the frame shows over the world: the top bar (level, clock, leaves), the on-screen
/// controls, the controllers' lines, the hint and join prompts, the pause and end screens, a
/// replay's badge and a passing notice. Every offset is named here, in view pixels.
extension Scene {
    /// A line of text in its colour.
    public struct Line: Equatable, Sendable {
        public var text: Text
        public var color: Color
        /// A medal drawn before the words (the medal won).
        public var medal: Medal?

        public init(_ text: Text, color: Color = .white, medal: Medal? = nil) {
            self.text = text
            self.color = color
            self.medal = medal
        }
    }

    /// What the frame shows besides the world: a passing notice, the pad's battery, the HUD.
    public struct Overlay: Sendable {
        /// The language its words are drawn in.
        public var words = Words.english
        /// What the level is called (``Text/levelTitle(_:name:)``), on the status line and over
        /// "You Won!"; nil: the stage's file name, on the status line only.
        public var levelTitle: Text?
        /// e.g. "DualSense Wireless Controller connected"; nil for none.
        public var notice: Text?
        /// The name of the pad in use when its battery is low; nil otherwise.
        public var lowBatteryPad: String?
        /// The on-screen controls, drawn on top of everything; nil when fully hidden.
        public var hud: HUDAppearance?
        /// A word in the top-right corner, e.g. "REPLAY".
        public var badge: Text?
        /// A replay's playback is paused by the viewer: shown like the game's pause.
        public var playbackPaused = false
        /// The end and pause screens' lines, in the glyphs of the controller in use (nil: words).
        public var wonPrompt: Prompt?
        public var diedPrompt: Prompt?
        public var pausePrompt: Prompt?
        /// The pad in use and its battery, for the pause screen ("DualSense: battery medium").
        public var padBattery: Text?
        /// The pause screen's entries (Resume, Settings, …), compact, under its prompt.
        public var pauseMenu: MenuPage?
        /// The pause and end screens' dim layer and lines (off behind a menu, which dims itself).
        public var showsStateScreen = true
        /// The best run's koala, drawn translucent behind the player's (nil: no ghost).
        public var ghost: Player?
        /// "DualSense: press ✕ to join", one per pad that became free a moment ago, above the notice line.
        public var joinPrompts: [Prompt] = []
        /// "✕ to join", one per pad free for longer, small in the top-right corner.
        public var joinHints: [Prompt] = []
        /// In co-op, each player's time, under the end screen's prompt.
        public var playerTimes: [Text] = []
        /// The first level's hint ("✕ jump"), under the top bar while playing; nil for none.
        public var hint: Prompt?
        /// "You Won!"'s lines about the run: the time and the best, a new best, the medal, the
        /// leaves (above the co-op players' times).
        public var resultLines: [Line] = []
        /// Co-op players whose pad is away, on the pause screen: one line under the top bar.
        public var padsAway: Text?
        /// The phones' pairing card, on the pause screen while phones may join.
        public var pairingCard: PairingCard?
        /// Online: who is reconnecting (under the top bar), or the waiting screen's and the end's
        /// lines (`onlineDims`: in the middle, over a dimmed game).
        public var onlineLines: [Text] = []
        public var onlineDims = false
        /// Under the dimmed online lines: what the waiting screen's buttons do (start, leave).
        public var onlinePrompt: Prompt?
        /// The speedrun timer in the top bar (ticks, shown `m:ss.mmm`) in place of the level's
        /// clock, and a split's delta under it for a while (nil: the level's own clock).
        public var timerTicks: Int?
        public var splitDelta: (text: String, gold: Bool, faster: Bool)?

        public init(notice: Text? = nil, lowBatteryPad: String? = nil, hud: HUDAppearance? = nil) {
            self.notice = notice
            self.lowBatteryPad = lowBatteryPad
            self.hud = hud
        }
    }

    /// The controllers' warnings (a low battery, pads away, a rebind's conflict).
    public static let warningColor = Color(255, 170, 60)
    /// Text keeps this far from the view's left and right edges.
    static let margin = 8.0
    /// The widest a centred line is drawn (a long pad name is cut to it).
    public static let lineWidth = viewWidth - 2 * margin
    /// Free pads' join prompts: the lowest this far above the bottom, then upwards.
    static let joinPromptsBottomOffset = 44.0
    static let joinPromptSpacing = 16.0
    /// Between the corner's "✕ to join" hints, right to left.
    static let cornerHintGap = 12.0
    /// "You Won!"'s result lines start this far below the middle, then the co-op players' times.
    static let resultLinesTop = 38.0
    static let resultLineSpacing = 14.0
    static let playerTimesTop = 40.0
    static let playerTimeSpacing = 12.0
    /// The passing notice ("… connected"): near the bottom, above any dim layer.
    static let noticeY = viewHeight - 22
    /// A replay's badge: twice the text's size, red, in the top-right corner.
    static let badgeScale = 2
    static let badgeColor = Color(255, 90, 80)
    /// The pause and end screens' title (three times the text's size) above the middle, and
    /// their prompt below it.
    static let stateTitleAbove = 30.0
    static let stateTitleScale = 3
    static let stateHintBelow = 16.0
    /// The top bar's leaf counter: after the clock, a leaf icon and the count.
    static let leafCounterGap = 12.0
    static let leafIconSide = 12.0

    /// The top bar's line (level and time) starts here; the pad lines keep off it: a long pad
    /// name ("DualSense Wireless Controller: battery unknown") centred at the top ran over the
    /// time, worst at `--scale 1`.
    static let statusY: Double = 6
    /// The low-battery warning during play, and the pause screen's pads away: under the top
    /// bar and under a replay's badge (twice the text's height) in the top-right corner.
    static let padLineY = statusY + 2 * Double(Art.glyphHeight) + 6
    /// The first level's hint: under the low-battery line.
    static let hintY = padLineY + Double(Art.glyphHeight) + 8
    /// The pad and its battery on the pause screen: above the notice line at the bottom.
    static let pauseBatteryY = viewHeight - 38
    /// Between the online lines, top to top.
    static let onlineLineSpacing = Double(Art.glyphHeight) + 6

    /// Draws the overlay over the world already in `list`.
    static func drawOverlay(_ overlay: Overlay, over session: Session, showStatus: Bool, into list: inout DrawList) {
        let words = overlay.words
        if showStatus { status(session, title: overlay.levelTitle.map { Lettering.fitted($0, words, width: titleWidth) }, timer: overlay.timerTicks, into: &list) }
        if showStatus, let delta = overlay.splitDelta {
            Lettering.draw(delta.text, x: margin, y: padLineY, color: delta.gold ? goldColor : delta.faster ? fasterColor : slowerColor, into: &list)
        }
        // The stick and A/B step aside under the pause menu (its line is at their height); the
        // pause button stays, to resume.
        let pauseMenuShown = overlay.showsStateScreen && session.state == .paused && overlay.pauseMenu != nil
        if let hud = overlay.hud, !pauseMenuShown { HUDView.drawControls(hud, into: &list) }
        if let pad = overlay.lowBatteryPad, session.state == .playing {
            Lettering.draw(Lettering.fitted(.message(.batteryLow, [.padName(pad)]), words, width: lineWidth), x: viewWidth / 2, y: padLineY, color: warningColor,
                      centered: true, into: &list)
        }
        // An online game's waiting or ended screen stands in for the pause screen (the host gone
        // while the game was paused): one screen, no text drawn over another.
        let stateScreen = overlay.showsStateScreen && !overlay.onlineDims
        if stateScreen {
            screen(for: overlay.playbackPaused && session.state == .playing ? .paused : session.state, overlay: overlay, into: &list)
        }
        if overlay.onlineDims {
            list.append(.fill(Rect(x: 0, y: 0, width: viewWidth, height: viewHeight), Color(0, 0, 0, dimAlpha)))
            let top = viewHeight / 2 - Double(overlay.onlineLines.count) * onlineLineSpacing / 2
            for (index, line) in overlay.onlineLines.enumerated() {
                Lettering.draw(Lettering.fitted(line, words, width: lineWidth), x: viewWidth / 2, y: top + Double(index) * onlineLineSpacing,
                               centered: true, into: &list)
            }
            overlay.onlinePrompt?.draw(centeredOn: viewWidth / 2, y: top + Double(overlay.onlineLines.count + 1) * onlineLineSpacing, words: words,
                                       into: &list)
        } else {
            for (index, line) in overlay.onlineLines.prefix(3).enumerated() {
                Lettering.draw(Lettering.fitted(line, words, width: lineWidth), x: viewWidth / 2, y: padLineY + Double(index) * onlineLineSpacing,
                               color: warningColor, centered: true, into: &list)
            }
        }
        if let badge = overlay.badge.map({ Lettering.shown($0, words) }) {
            Lettering.draw(badge, x: viewWidth - margin - Lettering.width(badge, scale: badgeScale), y: statusY, scale: badgeScale, color: badgeColor, into: &list)
        }
        if let battery = overlay.padBattery, session.state == .paused, stateScreen {
            let color = overlay.lowBatteryPad != nil ? warningColor : Color.white
            Lettering.draw(Lettering.fitted(battery, words, width: lineWidth), x: viewWidth / 2, y: pauseBatteryY, color: color, centered: true,
                      into: &list)
        }
        if session.state == .playing {
            overlay.hint?.draw(centeredOn: viewWidth / 2, y: hintY, words: words, into: &list)
            for (index, prompt) in overlay.joinPrompts.prefix(3).enumerated() {
                prompt.draw(centeredOn: viewWidth / 2, y: viewHeight - joinPromptsBottomOffset - Double(index) * joinPromptSpacing, words: words,
                            into: &list)
            }
            // On the top bar's line, right to left from the corner (the HUD's pause button is
            // hidden while pads are connected, and a replay takes no joins).
            var right = viewWidth - margin
            for hint in overlay.joinHints.prefix(3) {
                hint.draw(centeredOn: right - hint.width(words) / 2, y: statusY, words: words, into: &list)
                right -= hint.width(words) + cornerHintGap
            }
        }
        if stateScreen && (session.state == .won || session.state == .died) {
            let results = session.state == .won ? overlay.resultLines : []
            for (index, line) in results.enumerated() {
                resultLine(line, words: words, y: viewHeight / 2 + resultLinesTop + Double(index) * resultLineSpacing, into: &list)
            }
            let timesY = viewHeight / 2 + playerTimesTop + Double(results.count) * resultLineSpacing
            for (index, line) in overlay.playerTimes.enumerated() {
                Lettering.draw(Lettering.shown(line, words), x: viewWidth / 2, y: timesY + Double(index) * playerTimeSpacing, centered: true, into: &list)
            }
        }
        if stateScreen && session.state == .paused {
            if let line = overlay.padsAway {
                Lettering.draw(Lettering.fitted(line, words, width: lineWidth), x: viewWidth / 2, y: padLineY, color: warningColor, centered: true,
                          into: &list)
            }
            if let card = overlay.pairingCard { PairingCardView.draw(card, addressY: PairingCardView.pauseAddressY, words: words, into: &list) }
        }
        if let notice = overlay.notice {  // above any dim layer: "… disconnected" explains a pause
            // Under "Paused" when the pause menu's line holds the foot of the screen.
            let underHeading = stateScreen && session.state == .paused && overlay.pauseMenu != nil
            let y = underHeading ? viewHeight / 2 + stateHintBelow - MenuLayout.pauseLift(count: overlay.pauseMenu?.entries.count ?? 0) : noticeY
            Lettering.draw(Lettering.fitted(notice, words, width: lineWidth), x: viewWidth / 2, y: y, centered: true, into: &list)
        }
        if let hud = overlay.hud { HUDView.drawPauseButton(hud, into: &list) }
    }

    /// A line of "You Won!"'s results, centred; its medal, if any, before the words (right of
    /// them in a right-to-left language), the pair centred together.
    private static func resultLine(_ line: Line, words: Words, y: Double, into list: inout DrawList) {
        guard let medal = line.medal else {
            return Lettering.draw(Lettering.fitted(line.text, words, width: lineWidth), x: viewWidth / 2, y: y, color: line.color, centered: true, into: &list)
        }
        let side = Double(Art.medalSide), gap = 4.0
        let shown = Lettering.fitted(line.text, words, width: lineWidth - side - gap)
        let width = Lettering.width(shown) + side + gap
        let left = (viewWidth / 2 - width / 2).rounded()
        let rightToLeft = words.language.isRightToLeft
        let medalX = rightToLeft ? left + width - side : left
        // Centred on the text's line, it fills the gap between the lines above and below.
        list.append(.sprite(.objects, source: Art.medal(medal), destination: Rect(x: medalX, y: y + (Double(Art.glyphHeight) - side) / 2, width: side, height: side),
                            flipped: false, tint: .white))
        Lettering.draw(shown, x: rightToLeft ? left : left + side + gap, y: y, color: line.color, into: &list)
    }

    /// The widest a level's title is drawn on the status line: room for the clock and the
    /// leaves after it, the pause button right of them.
    static let titleWidth = Double(Message.titleCells * Art.glyphWidth)
    /// The medal won beside "You Won!": drawn this many times its size, this far from the words.
    static let wonMedalScale = 2
    static let wonMedalGap = 10.0
    /// "You Won!"'s level title: this far above the heading's top.
    static let wonTitleAbove = Double(Art.glyphHeight) + 8

    /// The level's name and the run's clock (seconds of simulated play), top left.
    /// A split's delta: a best segment, ahead of the personal best, behind it.
    static let goldColor = Color(255, 222, 89), fasterColor = Color(110, 230, 120), slowerColor = Color(255, 120, 110)

    private static func status(_ session: Session, title: String?, timer: Int?, into list: inout DrawList) {
        // The top-right corner is the HUD's pause button (or a replay's badge).
        let line = "\(title ?? session.stage.name)  \(timer.map(ClockText.precise(ticks:)) ?? ClockText.of(ticks: session.world.tick))"
        Lettering.draw(line, x: margin, y: statusY, into: &list)
        let leaves = session.stage.objects.leaves.count
        guard leaves > 0 else { return }
        let x = margin + Lettering.width(line) + leafCounterGap
        list.append(.sprite(.objects, source: Art.leaf, destination: Rect(x: x, y: statusY, width: leafIconSide, height: leafIconSide), flipped: false, tint: .white))
        Lettering.draw("\(session.world.leafCount)/\(leaves)", x: x + leafIconSide + 2, y: statusY, into: &list)
    }

    private static func screen(for state: SessionState, overlay: Overlay, into list: inout DrawList) {
        let words = overlay.words
        let lines: (title: Message, hint: Prompt, color: Color)
        switch state {
        case .playing: return
        case .paused: lines = (.paused, overlay.pausePrompt ?? Prompt([.text(.message(.defaultPausePrompt))]), .white)
        case .won: lines = (.youWon, overlay.wonPrompt ?? Prompt([.text(.message(.defaultWonPrompt))]), Color(255, 222, 89))
        case .died: lines = (.youDied, overlay.diedPrompt ?? Prompt([.text(.message(.defaultDiedPrompt))]), Color(255, 120, 110))
        }
        list.append(.fill(Rect(x: 0, y: 0, width: viewWidth, height: viewHeight), Color(0, 0, 0, dimAlpha)))
        let lift = state == .paused ? MenuLayout.pauseLift(count: overlay.pauseMenu?.entries.count ?? 0) : 0
        Lettering.draw(Lettering.fitted(.message(lines.title), words, width: viewWidth, scale: stateTitleScale), x: viewWidth / 2, y: viewHeight / 2 - stateTitleAbove - lift, scale: stateTitleScale, color: lines.color, centered: true, into: &list)
        if state == .won, let medal = overlay.resultLines.lazy.compactMap(\.medal).first {
            // The medal won, large, either side of the heading.
            let heading = Lettering.width(Lettering.fitted(.message(lines.title), words, width: viewWidth, scale: stateTitleScale), scale: stateTitleScale)
            let side = Double(Art.medalSide * wonMedalScale), y = viewHeight / 2 - stateTitleAbove - lift + Double(Art.glyphHeight * stateTitleScale) - side
            for x in [viewWidth / 2 - heading / 2 - wonMedalGap - side, viewWidth / 2 + heading / 2 + wonMedalGap] {
                list.append(.sprite(.objects, source: Art.medal(medal), destination: Rect(x: x.rounded(), y: y, width: side, height: side), flipped: false, tint: .white))
            }
        }
        if state == .won, let title = overlay.levelTitle {  // what was won, over the heading
            Lettering.draw(Lettering.fitted(title, words, width: lineWidth), x: viewWidth / 2, y: viewHeight / 2 - stateTitleAbove - wonTitleAbove,
                           centered: true, into: &list)
        }
        if state == .paused, let menu = overlay.pauseMenu {
            // Its line at the foot, where every menu's is.
            MenuView.drawEntries(menu, in: MenuLayout.pauseEntryRects(count: menu.entries.count), words: words, into: &list)
            lines.hint.draw(centeredOn: viewWidth / 2, y: MenuView.hintY, words: words, into: &list)
        } else {
            lines.hint.draw(centeredOn: viewWidth / 2, y: viewHeight / 2 + stateHintBelow - lift, words: words, into: &list)
        }
    }
}
