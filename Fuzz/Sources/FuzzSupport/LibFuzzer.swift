import Glibc

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Hands the command line to libFuzzer's driver with `body` as the function under test.
/// (SwiftPM gives every executable a Swift `main`; this is how it reaches libFuzzer's.)
public func runLibFuzzer(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, body))
}

/// The input as an array (libFuzzer passes a null pointer for the empty input).
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Checks that saving over a file with these bytes keeps them when they did not read cleanly:
/// `bytes` are put at a scratch path (in memory, /dev/shm), `save` writes there, and unless
/// `readCleanly`, the very bytes must then be found in `NAME.damaged`. Everything is removed after.
public func checkSaveKeeps(_ bytes: [UInt8], readCleanly: Bool, name: String, save: (String) -> Void) {
    let directory = "/dev/shm/koalio-fuzz-\(getpid())"
    mkdir(directory, 0o700)
    let path = directory + "/" + name
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fatalError("cannot write the scratch file \(path)") }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    save(path)
    if !readCleanly {
        guard let kept = try? contents(of: path + ".damaged"), kept == bytes else {
            fatalError("a file that did not read cleanly was not kept whole before the save")
        }
    }
    for suffix in ["", ".damaged", ".new"] { unlink(path + suffix) }
}

private func contents(of path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw UnreadableFile() }
    defer { close(fd) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let got = read(fd, &buffer, buffer.count)
        guard got > 0 else { break }
        result += buffer[..<got]
    }
    return result
}

private struct UnreadableFile: Error {}
