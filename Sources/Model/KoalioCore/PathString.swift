/// File paths as plain strings: the few operations the game needs, so that no target linked
/// into `koalio` needs full Foundation (and its ICU data) for `NSString`'s path methods.
public enum PathString {
    /// Everything before the last component: "Levels/level1.tmx" → "Levels", "a.tmx" → "", "/a" → "/".
    public static func directory(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last component: "Levels/level1.tmx" → "level1.tmx".
    public static func fileName(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `path` with the home folder written `~` (as a player types it): "/home/a/x" → "~/x".
    public static func tilde(_ path: String, home: String?) -> String {
        guard let home, !home.isEmpty, home != "/" else { return path }
        let prefix = home.hasSuffix("/") ? home : home + "/"
        return path.hasPrefix(prefix) ? "~/" + path.dropFirst(prefix.count) : path
    }

    /// "level1.tmx" → "level1"; a leading dot is part of the name, not an extension.
    public static func removingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The same path without `.` and `dir/..` steps, read as text (links are not followed):
    /// "a/templates/../objs.tsx" → "a/objs.tsx". Leading `..` of a relative path stay.
    public static func lexicallyNormal(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == ".." && absolute {
                continue  // above the root is the root
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : joined.isEmpty ? "." : joined
    }

    public static func join(_ directory: String, _ component: String) -> String {
        if directory.isEmpty { return component }
        return directory.hasSuffix("/") ? directory + component : directory + "/" + component
    }
}
