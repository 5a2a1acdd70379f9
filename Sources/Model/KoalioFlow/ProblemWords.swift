import KoalioCore
import KoalioText

/// The problems the driver hands the flow as data, put in the player's language: the kind
/// of trouble in words, the file or address as it is (left to right in any script), and a
/// file reader's detail after them as the reader said it.
extension FileProblem {
    package var text: Text {
        let file = Text.leftToRight(shownFile)
        switch kind {
        case .missing: return .message(.fileMissing, [file])
        case .unreadable: return .message(.fileUnreadable, [file])
        case .damaged:
            if let line { return .message(.fileDamagedAtLine, [file, .number(line), .verbatim(detail)]) }
            return .message(.fileDamaged, [file, .verbatim(detail)])
        }
    }

    /// The file as the screen names it: its folder and name (`broken/pack.toml`), which say
    /// which one it is; the whole path is the terminal's.
    var shownFile: String {
        let folder = PathString.directory(of: file)
        return folder.isEmpty || folder == "." ? file : PathString.join(PathString.fileName(of: folder), PathString.fileName(of: file))
    }
}

extension NetworkProblem {
    package var text: Text {
        switch self {
        case .portInUse: .message(.networkPortInUse)
        case .notAllowed: .message(.networkNotAllowed)
        case .noNetwork: .message(.networkUnreachable)
        case let .badAddress(address): .message(.networkBadAddress, [.leftToRight(address)])
        case .noPrivateNetwork: .message(.networkNoHomeNetwork)
        case let .system(reason): .verbatim(reason)
        }
    }
}
