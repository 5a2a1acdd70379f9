import Foundation
import KoalioApp
import KoalioCore
import KoalioHarness
import KoalioPhone
import KoalioLocalServer
import KoalioSystem
import KoalioSDL
import KoalioText

// Phones as pads, measured:
//   network → pad      the real server (SwiftNIO) and the game's PhonePads in this process, SDL's
//                      virtual pads on the dummy driver; four phones (blocking sockets, each on a
//                      thread, the page's 9-byte frames at 30 a second) on 127.0.0.1, the game's
//                      side drained at 60 Hz as the game does. Each frame carries its phone and a
//                      sequence number in its stick, so its send time is known on the same clock.
//                      Then again with a fifth client flooding the server with 10 000 messages a
//                      second (the flood: a connection asking to upgrade and 100 frames
//                      behind it, 99 times a second; the game is full, so each is refused).
//   Chromium → tick    the real game and Debian's Chromium (Tests/Browser/phone_page.py): taps
//                      on the page's pause key until the trace shows the tick that saw each one,
//                      from the page's handler (the touch in the page) and from the CDP call
//                      (Chromium first waits for its own next frame to dispatch it)
//   binary             the symbols of SwiftNIO and the server in the release binary (nm)
//   idle memory        5 s of level 1, and of the title (its card showing), with the phones'
//                      server on and off: peak RSS
//   attacks            see PhoneAttackFigures.swift

/// A phone for the bench: the page's WebSocket from a blocking socket, frames sent as the page
/// sends them (masked, binary), nothing read back but the upgrade's answer.
final class BenchPhone: @unchecked Sendable {
    private let socket: Int32

    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    /// Connects and asks to upgrade at `/pad?token=…`; `upgraded` is whether 101 came back.
    /// - Parameter resetOnClose: closed with a reset, not kept in TIME_WAIT (a flooder's
    ///   thousands of connections would use up the ports).
    convenience init(port: Int, token: String, resetOnClose: Bool = false) throws {
        try self.init(port: port, query: "token=" + token, from: "127.0.0.1", resetOnClose: resetOnClose)
    }

    /// Connects from `source` (an address in 127.0.0.0/8: another host, as the server sees it)
    /// and asks to upgrade at `/pad?QUERY`.
    init(port: Int, query: String, from source: String, resetOnClose: Bool = false) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Refused(description: "socket: \(errno)") }
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        if resetOnClose {
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 else {
            close(socket)
            throw Refused(description: "bind \(source) or connect: \(errno)")
        }
        send(Array(Self.upgradeRequest(port: port, query: query).utf8))
    }

    static func upgradeRequest(port: Int, query: String) -> String {
        "GET /pad?\(query) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:\(port)\r\n\r\n"
    }

    /// The HTTP status of the upgrade's answer (0: none).
    func status() -> Int {
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while !response.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = recv(socket, &chunk, 1, 0)  // byte by byte: a message may follow the answer
            guard count > 0 else { break }
            response.append(chunk[0])
        }
        return Self.status(of: response)
    }

    /// The HTTP status of a refusal's answer, read in chunks (nothing follows a refusal): what a
    /// guesser needs, at the fewest system calls.
    func refusalStatus() -> Int {
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while response.count < 8192, !String(decoding: response, as: UTF8.self).contains("\r\n\r\n") {
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            response += chunk[..<count]
        }
        return Self.status(of: response)
    }

    /// The status in an answer's first line (`HTTP/1.1 429 …`), 0 when there is none.
    static func status(of response: [UInt8]) -> Int {
        let words = String(decoding: response.prefix(16), as: UTF8.self).split(separator: " ", maxSplits: 2)
        return words.count > 1 ? Int(words[1]) ?? 0 : 0
    }

    /// The next message's bytes (the seat, 1, comes from the game's loop: it is running), nil
    /// if the socket closed first.
    func nextMessage() -> [UInt8]? {
        var head = [UInt8](repeating: 0, count: 2)
        guard recv(socket, &head, 2, Int32(MSG_WAITALL)) == 2, head[1] & 0x7F < 126 else { return nil }
        var payload = [UInt8](repeating: 0, count: Int(head[1] & 0x7F))
        guard payload.isEmpty || recv(socket, &payload, payload.count, Int32(MSG_WAITALL)) == payload.count else { return nil }
        return payload
    }

    /// One frame as the page sends it (a zero mask: the bytes go as they are).
    static func message(_ frame: PhoneFrame) -> [UInt8] {
        [0x82, 0x80 | UInt8(PhoneFrame.byteCount), 0, 0, 0, 0] + frame.bytes
    }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    deinit { close(socket) }
}

/// Send times of the bench phones' frames, by phone and sequence number.
final class SendTimes: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [[Int: Double]]

    init(phones: Int) { times = Array(repeating: [:], count: phones) }

    func record(phone: Int, sequence: Int, at time: Double) { lock.withLock { times[phone][sequence] = time } }
    func time(phone: Int, sequence: Int) -> Double? { lock.withLock { times[phone][sequence] } }
}

struct PhoneLatencies {
    /// Frame sent by the phone → in the game's mailbox (the network thread's part), ms.
    var network: [Double] = []
    /// The game thread's drain → every phone's pad set (one update, four phones), ms.
    var update: [Double] = []
    /// Frame in the mailbox → its pad set, with the wait for the game's next frame, ms.
    var waiting: [Double] = []
    var floodMessagesPerSecond = 0.0
}

func percentile(_ values: [Double], _ share: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * share).rounded(.up)) - 1)]
}

/// The flood's rate, as the phone issue's hostile tests name it.
let phoneFloodMessagesPerSecond = 10_000.0

/// Four phones playing for `seconds` through the real server into the game's PhonePads, with
/// or without a fifth client flooding.
@MainActor
func phoneLatencies(seconds: Double, flood: Bool) throws -> PhoneLatencies {
    let hub = PhoneHub(clock: MonotonicClock.seconds)
    let server = try PhoneServer(hub: hub, listen: try LocalListener.ListenAddress(parsing: "127.0.0.1:0"))
    hub.showToken()  // as `--verbose` does: the token is taken without a card on screen
    let phones = PhonePads(hub: hub, address: server.addresses.first, server: server)
    defer {
        phones.detachAll()
        server.stop()
    }
    guard let port = server.addresses.first?.split(separator: ":").last.flatMap({ Int($0) }) else {
        throw BenchPhone.Refused(description: "the phones' server has no port")
    }
    let token = hub.pairing.token
    let count = PhoneHub.seatCount
    let sent = SendTimes(phones: count)
    let end = MonotonicClock.seconds() + seconds
    let stop = Locked(false)
    var threads: [Thread] = []
    for phone in 0..<count {
        let client = try BenchPhone(port: port, token: token)
        guard client.status() == 101 else { throw BenchPhone.Refused(description: "phone \(phone + 1) was not let in") }
        threads.append(Thread {
            var sequence = 1
            var next = MonotonicClock.seconds()
            while !stop.value {
                let now = MonotonicClock.seconds()
                sent.record(phone: phone, sequence: sequence, at: now)
                client.send(BenchPhone.message(PhoneFrame(stickX: Int16(sequence), stickY: Int16(phone + 1))))
                sequence = sequence % 30_000 + 1
                next += 1.0 / 30
                let wait = next - MonotonicClock.seconds()
                if wait > 0 { usleep(UInt32(wait * 1e6)) }
            }
        })
    }
    let floodCount = Locked(0)
    if flood {
        threads.append(Thread {
            let frame = BenchPhone.message(PhoneFrame())
            let burst = Array(Array(repeating: frame, count: 100).joined())
            var next = MonotonicClock.seconds()
            while !stop.value {
                if let flooder = try? BenchPhone(port: port, token: token, resetOnClose: true), flooder.send(burst) {
                    floodCount.change { $0 += 101 }  // the upgrade and 100 frames
                }
                next += 101 / phoneFloodMessagesPerSecond
                let wait = next - MonotonicClock.seconds()
                if wait > 0 { usleep(UInt32(wait * 1e6)) }
            }
        })
    }
    for thread in threads { thread.start() }
    var latencies = PhoneLatencies()
    var seen: [Int: Int16] = [:]
    var next = MonotonicClock.seconds()
    let floodStart = MonotonicClock.seconds()
    while MonotonicClock.seconds() < end {
        let drained = MonotonicClock.seconds()
        let frames = try phones.update()
        let set = MonotonicClock.seconds()
        if frames.count == count { latencies.update.append((set - drained) * 1000) }
        for (seat, arrival) in frames where seen[seat] != arrival.frame.stickX && arrival.frame.stickX > 0 {
            seen[seat] = arrival.frame.stickX
            let phone = Int(arrival.frame.stickY) - 1
            guard (0..<count).contains(phone), let sentAt = sent.time(phone: phone, sequence: Int(arrival.frame.stickX)) else { continue }
            latencies.network.append((arrival.receivedAt - sentAt) * 1000)
            latencies.waiting.append((set - arrival.receivedAt) * 1000)
        }
        next += 1.0 / 60
        let wait = next - MonotonicClock.seconds()
        if wait > 0 { usleep(UInt32(wait * 1e6)) }
    }
    latencies.floodMessagesPerSecond = Double(floodCount.value) / (MonotonicClock.seconds() - floodStart)
    stop.change { $0 = true }
    while threads.contains(where: { !$0.isFinished }) { usleep(1000) }
    return latencies
}

/// A value the phones' threads and the bench share, behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }
    func change(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

/// What Chromium saw: the delays from a touch to the tick that saw it, and a reload's return.
struct BrowserFigures {
    /// From the call that sent the touch to Chromium, ms.
    var touchToTick: [Double]
    /// From the page's pointerdown handler, ms.
    var handledToTick: [Double]
    var reloadSeconds: Double
    var pageBytes: Int
}

/// The real game with its phones' server, and Chromium on its page: `samples` taps on pause.
func browserFigures(_ options: Options, samples: Int) throws -> BrowserFigures {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-phone-\(getpid())").path
    try FileManager.default.createDirectory(atPath: scratch + "/fb", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let trace = scratch + "/trace"
    guard mkfifo(trace, 0o600) == 0 else { throw Xvfb.Failure(description: "mkfifo \(trace) failed") }
    let xvfb = try Xvfb(framebufferDirectory: scratch + "/fb")
    let game = Process()
    game.executableURL = URL(fileURLWithPath: options.koalio)
    game.arguments = ["--data-dir", options.dataDirectory, "--ticks", "36000", "--phones-listen", "127.0.0.1:0", "--trace", trace]
    game.environment = gameEnvironment.merging(["DISPLAY": xvfb.display]) { $1 }
    game.standardError = FileHandle.nullDevice
    try game.run()
    defer { if game.isRunning { game.terminate() }; game.waitUntilExit() }
    let script = Process()
    script.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    script.arguments = ["python3", options.dataDirectory + "/Tests/Browser/phone_page.py", trace, scratch + "/fb/Xvfb_screen0", "--samples", String(samples)]
    let output = Pipe()
    script.standardOutput = output
    try script.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    script.waitUntilExit()
    guard script.terminationStatus == 0,
          let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last,
          let seen = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          let delays = seen["touch_to_tick_ms"] as? [Double], let handled = seen["handled_to_tick_ms"] as? [Double], let reload = seen["reload_seconds"] as? Double
    else { throw Xvfb.Failure(description: "tests/Browser/phone_page.py failed (status \(script.terminationStatus))") }
    return BrowserFigures(touchToTick: delays, handledToTick: handled, reloadSeconds: reload, pageBytes: seen["page_bytes"] as? Int ?? 0)
}

/// Peak RSS with the phones' server on, less with it off (MiB): 5 s of level 1 (the server
/// alone: no card shows while playing), and 5 s of the title (the server and its card).
func phoneIdleMemory(_ options: Options, display: String) throws -> (server: Double, withCard: Double) {
    func peak(_ extra: [String]) throws -> Double {
        let runs = try (0..<3).map { _ in
            let run = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory, "--ticks", "300"] + extra,
                                              environment: gameEnvironment.merging(["DISPLAY": display]) { $1 })
            guard run.status == 0 else { throw Xvfb.Failure(description: "koalio \(extra) exited with \(run.status)") }
            return run
        }
        return median(runs.map { Double($0.peakResidentBytes) / 1_048_576 })
    }
    let phones = ["--phones-listen", "127.0.0.1:0"], level = ["--level", "level1"]
    return (try peak(level + phones) - peak(level), try peak(phones) - peak([]))
}

/// What SwiftNIO and the phones' server take in the release binary, MB: the sizes of their
/// symbols (functions, metadata, tables), as `nm` lists them in the unstripped binary. A lower
/// bound of what leaving them out would save (symbols do not cover every section).
func phoneServerMegabytes(_ options: Options) throws -> Double {
    let nm = Process()
    nm.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
    nm.arguments = ["-S", "--defined-only", options.koalio]
    let output = Pipe()
    nm.standardOutput = output
    try nm.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    nm.waitUntilExit()
    // Swift's mangled module names, and the C parts of NIO (CNIOLinux, CNIOLLHTTP, …).
    let modules = ["NIO", "nio_", "llhttp", "KoalioLocalServer", "Atomics", "DequeModule"]
    var bytes = 0
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count >= 4, let size = Int(fields[1], radix: 16) else { continue }
        if modules.contains(where: { fields[3].contains($0) }) { bytes += size }
    }
    return Double(bytes) / 1_000_000
}

@MainActor
func reportPhones(_ options: Options, display: String) throws {
    setenv("SDL_VIDEODRIVER", "dummy", 1)
    let sdl: SDLSystem
    do { sdl = try SDLSystem.controllersOnly() } catch { throw Xvfb.Failure(description: error.description) }
    defer { withExtendedLifetime(sdl) {} }
    let calm = try phoneLatencies(seconds: 8, flood: false)
    report(.phoneNetworkP99, percentile(calm.network, 0.99))
    report(.phoneUpdateP99, percentile(calm.update, 0.99))
    report(.phoneReceivedToPadP99, percentile(calm.network, 0.99) + percentile(calm.update, 0.99))
    report(.phoneWaitingP99, percentile(calm.waiting, 0.99))
    let flooded = try phoneLatencies(seconds: 8, flood: true)
    report(.phoneFloodRate, flooded.floodMessagesPerSecond)
    report(.phoneFloodRaise, percentile(flooded.network, 0.99) - percentile(calm.network, 0.99))
    let browser = try browserFigures(options, samples: 200)
    report(.phoneTouchToTickP99, percentile(browser.handledToTick, 0.99))
    report(.phoneTouchToTickMedian, median(browser.handledToTick))
    report(.phoneTouchSentToTickP99, percentile(browser.touchToTick, 0.99))
    report(.phoneReloadSeconds, browser.reloadSeconds)
    report(.phonePageSize, Double(PhonePage.html(words: shippedWords(options)).utf8.count) / 1000)
    report(.phoneServerSize, try phoneServerMegabytes(options))
    let memory = try phoneIdleMemory(options, display: display)
    report(.phoneIdleMemory, memory.server)
    report(.phoneCardMemory, memory.withCard)
    try reportPhoneAttacks(options, display: display)
}

/// Every language `make locale` compiled into the data's `.build/locale`, as the game serves
/// the phone's page (all of them, the phone picks its own).
func shippedWords(_ options: Options) -> [Words] {
    [.english] + Language.allCases.compactMap { language in
        let path = "\(options.dataDirectory)/.build/locale/\(language.rawValue)/LC_MESSAGES/koalio.mo"
        guard let bytes = try? FileBytes.read(path, limit: Catalog.bytesLimit), let catalog = try? Catalog(mo: bytes) else { return nil }
        return Words(language: language, catalog: catalog)
    }
}
