/// The last `capacity` ticks' values, each kept in the slot `tick % capacity` with its tick:
/// a value overwritten by a later tick reads as missing, never as another tick's.
struct TickRing<Value> {
    private var slots: [Slot?]

    /// A value and the tick it is for.
    struct Slot {
        var tick: Int
        var value: Value
    }

    init(capacity: Int) { slots = Array(repeating: nil, count: max(1, capacity)) }

    var capacity: Int { slots.count }

    subscript(tick: Int) -> Value? {
        get {
            guard tick >= 0, let slot = slots[tick % slots.count], slot.tick == tick else { return nil }
            return slot.value
        }
        set {
            guard tick >= 0 else { return }
            slots[tick % slots.count] = newValue.map { Slot(tick: tick, value: $0) }
        }
    }
}

extension TickRing: Equatable where Value: Equatable {}
extension TickRing.Slot: Equatable where Value: Equatable {}
