import Glibc
import KoalioCore

extension NetworkProblem {
    /// The problem a socket call's `errno` names (bind, connect, listen).
    public init(errno code: Int32) {
        switch code {
        case EADDRINUSE: self = .portInUse
        case EACCES, EPERM: self = .notAllowed
        case ENETUNREACH, EHOSTUNREACH, ENETDOWN, EADDRNOTAVAIL, EAFNOSUPPORT: self = .noNetwork
        default: self = .system(String(cString: strerror(code)))
        }
    }
}
