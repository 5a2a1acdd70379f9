import KoalioCore
import KoalioUserData

/// LiveSplit's splits file (`.lss`, its XML, version 1.7.0) for a category: one segment per
/// level with the personal best's split times and the best segments, in game time (the
/// in-game time, from ticks) and real time, so LiveSplit compares against the runner's best
/// from its first run.
public enum SplitsFile {
    public static let fileExtension = "lss"

    /// The file's text. `segments`: each level's name as the runner reads it.
    public static func lss(game: String, category: String, segments: [String], record: SpeedrunRecord) -> String {
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Run version="1.7.0">
          <GameIcon />
          <GameName>\(XMLText.escaped(game))</GameName>
          <CategoryName>\(XMLText.escaped(category))</CategoryName>
          <LayoutPath>
          </LayoutPath>
          <Metadata>
            <Run id="" />
            <Platform usesEmulator="False">Linux</Platform>
            <Region>
            </Region>
            <Variables />
          </Metadata>
          <Offset>00:00:00</Offset>
          <AttemptCount>0</AttemptCount>
          <AttemptHistory />
          <Segments>

        """
        for (index, name) in segments.enumerated() {
            text += "    <Segment>\n      <Name>\(XMLText.escaped(name))</Name>\n      <Icon />\n      <SplitTimes>\n        <SplitTime name=\"Personal Best\">\n"
            if record.personalBestReal.indices.contains(index) { text += "          <RealTime>\(time(milliseconds: record.personalBestReal[index]))</RealTime>\n" }
            if record.personalBest.indices.contains(index) { text += "          <GameTime>\(time(milliseconds: Tick.milliseconds(record.personalBest[index])))</GameTime>\n" }
            text += "        </SplitTime>\n      </SplitTimes>\n      <BestSegmentTime>\n"
            if record.bestSegments.indices.contains(index) {
                text += "        <GameTime>\(time(milliseconds: Tick.milliseconds(record.bestSegments[index])))</GameTime>\n"
            }
            text += "      </BestSegmentTime>\n      <SegmentHistory />\n    </Segment>\n"
        }
        text += "  </Segments>\n  <AutoSplitterSettings />\n</Run>\n"
        return text
    }

    /// LiveSplit's time: `hh:mm:ss.fffffff`.
    public static func time(milliseconds: Int) -> String {
        let total = max(0, milliseconds)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = total % 1000
        let fraction = String(repeating: "0", count: millis < 10 ? 2 : millis < 100 ? 1 : 0) + "\(millis)0000"
        return "\(two(total / 3_600_000)):\(two(total / 60_000 % 60)):\(two(total / 1000 % 60)).\(fraction)"
    }

}
