import KoalioUI

/// The menus' own state and update: the entry selected on each screen (kept while the player
/// visits another, so coming back finds it where it was), and one tick of a list menu read the
/// same way on every page. Pages decide what a pick does; how an entry is picked is decided here.
package struct MenuMemory: Equatable {
    private var selected: [Screen: Int] = [:]

    package init() {}

    /// The entry selected on `screen`, nil before the player first moved there.
    package subscript(_ screen: Screen) -> Int? {
        get { selected[screen] }
        set { selected[screen] = newValue }
    }

    /// What a tick picked on a list menu.
    package enum Pick: Equatable {
        /// The entry at this place on the page (tapped, or selected when A or Enter came).
        case entry(Int)
        /// B, Esc or Q: the page's way back.
        case back
    }

    /// Moves `page`'s selection (kept for `key`) up or down, with the menu's sound when it moved:
    /// every menu's way of choosing an entry.
    package mutating func move(_ page: MenuPage, key: Screen, up: Bool, down: Bool, _ effects: inout [Effect]) {
        guard up != down else { return }
        let moved = page.selection(movedBy: up ? -1 : 1)
        if moved != page.selection { effects.append(.sound(.menuMove)) }
        selected[key] = moved
    }

    /// One tick of a list menu: the selection moved (up and down, left and right too where
    /// `sideways`), then what was picked, with the choosing sound: a tap on an entry that is on
    /// the page and enabled (it becomes the selection; a tap elsewhere picks nothing), A or
    /// Enter on the selection, or Back (where the page `backs`; the pause menu's Esc is its
    /// pause key instead).
    package mutating func update(_ input: MenuInput, _ page: MenuPage, key: Screen, sideways: Bool, backs: Bool = true,
                                 _ effects: inout [Effect]) -> Pick? {
        move(page, key: key, up: input.up || (sideways && input.left), down: input.down || (sideways && input.right), &effects)
        let pick: Pick
        if let tapped = input.tapped {
            guard let index = tapped.entry, page.entries.indices.contains(index), page.entries[index].enabled else { return nil }
            selected[key] = index
            pick = .entry(index)
        } else if input.choose, !page.entries.isEmpty {
            pick = .entry(min(selected[key] ?? page.selection, page.entries.count - 1))
        } else if backs, input.anyBack {
            pick = .back
        } else {
            return nil
        }
        effects.append(.sound(.menuChoose))
        return pick
    }
}
