import Glibc
import KoalioNet

/// A TCP client to classic LiveSplit's server (`--livesplit ADDRESS:PORT`, its default port
/// 16834): each speedrun command as a line (``LiveSplitFeed/liveSplit(_:)``). Polled by the game
/// loop, never blocking a frame: a LiveSplit that is not there is tried again quietly every
/// ``retrySeconds``, and one that comes (or comes back) during a run is brought up to date.
@MainActor
public final class LiveSplitClient {
    static let retrySeconds = 2.0
    /// Lines waiting for a slow LiveSplit; past this the connection is dropped (and made again).
    static let pendingBytesLimit = 64 * 1024
    /// What LiveSplit may send in a frame: it answers none of the commands koalio sends, so a
    /// server that sends more than this talks too much (it would hold the frame) and is dropped.
    static let readBytesPerFrame = 4096

    private let address: NetAddress
    private var descriptor: Int32 = -1
    private var connected = false
    private var lastTry = -Double.infinity
    private var pending: [UInt8] = []
    private var feed = LiveSplitFeed()

    public init(address: NetAddress) { self.address = address }

    /// Tells LiveSplit (now if connected; a later connection catches up).
    public func send(_ event: LiveSplitFeed.Event, at now: Double) {
        let event = feed.note(event)
        if connected { queue(LiveSplitFeed.liveSplit(event)) }
        poll(at: now)
    }

    public func note(gameTime milliseconds: Int) { feed.gameTime = milliseconds }

    /// Once a frame: the connection made or its result seen, what waits written, what came read
    /// and dropped (at most ``readBytesPerFrame``: more waiting after that drops the server).
    public func poll(at now: Double) {
        if descriptor < 0 {
            guard now - lastTry >= Self.retrySeconds else { return }
            lastTry = now
            open()
            return
        }
        if !connected {
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            guard Glibc.poll(&entry, 1, 0) > 0 else { return }  // still connecting
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else { return drop() }
            connected = true
            pending = []
            queue(feed.catchUp.flatMap(LiveSplitFeed.liveSplit))
        }
        var scratch = [UInt8](repeating: 0, count: 512)
        var read = 0
        while true {
            let count = recv(descriptor, &scratch, scratch.count, Int32(MSG_DONTWAIT))
            if count == 0 { return drop() }  // LiveSplit closed it
            if count < 0 { if errno == EAGAIN || errno == EWOULDBLOCK { break } else { return drop() } }
            read += count
            if read > Self.readBytesPerFrame { return drop() }
        }
        flush()
    }

    private func queue(_ lines: [String]) {
        for line in lines { pending += Array((line + "\r\n").utf8) }
        if pending.count > Self.pendingBytesLimit { return drop() }
        flush()
    }

    private func flush() {
        guard connected, !pending.isEmpty else { return }
        let sent = pending.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        if sent > 0 { pending.removeFirst(sent) } else if sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK { drop() }
    }

    private func open() {
        let family = address.host.count == 16 ? AF_INET6 : AF_INET
        descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return }
        let result = UDPSocket.withSockaddr(address) { connect(descriptor, $0, $1) }
        if result != 0 && errno != EINPROGRESS { drop() }
    }

    private func drop() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        connected = false
        pending = []
    }

    public func stop() { drop() }
}
