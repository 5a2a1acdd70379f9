/// An optional value kept out of line, in a box of its own: a big value (the networked game)
/// costs the values that hold it a pointer, not its whole layout, which every copy, assignment
/// and destroy of those values would otherwise spell out in code (the binary's size is guarded).
/// Changed in place: the box lets go of its value while it is changed, so the value's storage
/// is not copied for it.
@propertyWrapper
package struct OutOfLine<Value: Equatable>: Equatable {
    private indirect enum Box: Equatable {
        case empty
        case held(Value)
    }

    private var box: Box

    package init(wrappedValue: Value?) { box = wrappedValue.map(Box.held) ?? .empty }

    package var wrappedValue: Value? {
        get {
            if case let .held(value) = box { return value }
            return nil
        }
        _modify {
            var value = wrappedValue
            box = .empty  // the box's hold on the value goes: its storage is the caller's alone while changed
            defer { box = value.map(Box.held) ?? .empty }
            yield &value
        }
        set { box = newValue.map(Box.held) ?? .empty }
    }
}
