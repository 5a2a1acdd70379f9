import CSDL2

/// The one way koalio reads an SDL call's result. SDL reports failure as a negative number or a
/// null pointer and leaves its reason in `SDL_GetError()`; these turn that into an ``SDLError``
/// naming the call, at once, before another call overwrites the reason. A call whose result is
/// deliberately not checked says why where it is made.
@inline(__always)
public func check(_ result: Int32, _ operation: @autoclosure () -> String) throws(SDLError) {
    if result < 0 { throw SDLError(operation()) }
}

/// A handle SDL returned, or the failure (``check(_:_:)`` for calls that return pointers).
@inline(__always)
public func check<Handle>(_ handle: Handle?, _ operation: @autoclosure () -> String) throws(SDLError) -> Handle {
    guard let handle else { throw SDLError(operation()) }
    return handle
}

/// Sets an SDL hint at normal priority. Not checked: SDL refuses only when the environment sets
/// the same hint (`SDL_VIDEODRIVER=…`), and then the player's choice is meant to win.
func setHint(_ name: String, _ value: String) {
    _ = SDL_SetHint(name, value)
}
