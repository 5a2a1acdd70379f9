/// What the loop records: every run for the autosave of wins, and the first to `--record`.
public struct RecordingOptions: Sendable {
    public var gameVersion: String
    public var levelName: String
    public var levelSHA256: [UInt8]
    /// Write the first run here when it ends, or when the game quits before that.
    public var recordPath: String?
    /// Save every winning run here.
    public var autosaveDirectory: String?

    public init(gameVersion: String, levelName: String, levelSHA256: [UInt8], recordPath: String? = nil,
                autosaveDirectory: String? = nil) {
        self.gameVersion = gameVersion
        self.levelName = levelName
        self.levelSHA256 = levelSHA256
        self.recordPath = recordPath
        self.autosaveDirectory = autosaveDirectory
    }
}
