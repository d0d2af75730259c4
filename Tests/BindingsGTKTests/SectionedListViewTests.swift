#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// A sectioned array as header rows and item rows in one recycling list.
final class SectionedListViewTests: GTKTestCase {
  func testSectionsShowAsHeadersAndItemsAndChangeBySplices() {
    onMain {
      let groups = MutableObservableSectionedArray([
        ArraySection("A", items: ["Ada", "Alan"]),
        ArraySection("G", items: ["Grace"]),
      ])
      let list = namesByLetter { label, letter in label.setMarkup("<b>\(letter)</b>") }
      list.reactive.sections <~ groups
      let window = Window(title: "Sections", width: 240, height: 300)
      window.child = list
      show(window)
      list.list.waitForNextFrame()
      XCTAssertEqual(labels(in: list), ["A", "Ada", "Alan", "G", "Grace"])

      let recorder = SpliceRecorder(list.list)
      groups.appendItem("Grete", toSection: 1)
      groups.insertSection(ArraySection("B", items: ["Barbara", "Bjarne"]), at: 1)
      _ = groups.removeItem(at: ItemPath(section: 0, item: 0))
      groups.updateMetadata("Ä", ofSection: 0)
      _ = groups.removeSection(at: 2)
      XCTAssertEqual(
        recorder.splices,
        [
          Splice(5, 0, 1),  // Grete after Grace
          Splice(3, 0, 3),  // B's header and its two items
          Splice(1, 1, 0),  // Ada
          Splice(0, 1, 1),  // A's header replaced
          Splice(5, 3, 0),  // G's header and its two items
        ]
      )
      list.list.waitForNextFrame()
      XCTAssertEqual(labels(in: list), ["Ä", "Alan", "B", "Barbara", "Bjarne"])

      // Headers cannot be selected; items can.
      XCTAssertEqual(list.list.items.map { list.list.isSelectable?($0) }, [false, true, false, true, true])
    }
  }

  func testAMovedItemOrSectionKeepsItsRowsAndTheSelection() {
    onMain {
      let groups = MutableObservableSectionedArray([
        ArraySection("A", items: ["Ada", "Alan"]),
        ArraySection("G", items: ["Grace"]),
        ArraySection("K", items: ["Ken"]),
      ])
      let list = namesByLetter { label, letter in label.text = letter }
      list.reactive.sections <~ groups
      let window = Window(title: "Sections", width: 240, height: 300)
      window.child = list
      show(window)
      list.list.waitForNextFrame()
      var selected: [String?] = []
      let selection = list.reactive.selectedItem.sink { selected.append($0) }
      list.list.selectedIndex = 2  // Alan
      let objectOfAlan = itemObjects(of: list.list.selection)[2]
      XCTAssertEqual(selected.last, "Alan", "the sectioned list's selected item")

      // Alan moves to the end of section G: his row keeps its object and its selection.
      groups.moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 1))
      list.list.waitForNextFrame()
      XCTAssertEqual(labels(in: list), ["A", "Ada", "G", "Grace", "Alan", "K", "Ken"])
      XCTAssertEqual(list.list.selectedIndex, 4)
      XCTAssertEqual(itemObjects(of: list.list.selection)[4], objectOfAlan)

      // Section G moves first, header and items together.
      groups.moveSection(from: 1, to: 0)
      list.list.waitForNextFrame()
      XCTAssertEqual(labels(in: list), ["G", "Grace", "Alan", "A", "Ada", "K", "Ken"])
      XCTAssertEqual(list.list.selectedIndex, 2)
      XCTAssertEqual(itemObjects(of: list.list.selection)[2], objectOfAlan)
      XCTAssertEqual(list.list.items.count, 7)
      XCTAssertEqual(selected.last, "Alan", "a move is not a change of the selected item")
      list.list.selectedIndex = 4  // Ada
      XCTAssertEqual(selected.last, "Ada")
      list.list.selectedIndex = nil
      XCTAssertEqual(selected.last, .some(nil), "no selection is nil")
      XCTAssertEqual(selected.first, .some(nil), "the selection is published at once: none at first")
      selection.cancel()
    }
  }

  func testTheFlatChangeKeepsMovesAndFallsBackWhereASectionChanges() {
    // Before: [H0 a b] [H1 c] [H2 d]; flat offsets 0 1 2 | 3 4 | 5 6.
    let flat = { (change: SectionedArrayChangeset, newCounts: [Int]) in
      MainActor.assumeIsolated {
        SectionedListView<String, String>.flatChange(change, oldCounts: [2, 1, 1], newCounts: newCounts)
      }
    }
    // b moves to the end of section 1: after [H0 a] [H1 c b] [H2 d].
    let itemMove = flat(
      SectionedArrayChangeset(itemMoves: [.init(from: .init(section: 0, item: 1), to: .init(section: 1, item: 1))]),
      [1, 2, 1])
    XCTAssertEqual(itemMove.moves, [ArrayChangeset.Move(from: 2, to: 4)])
    XCTAssertEqual(itemMove.deletes, [])
    XCTAssertEqual(itemMove.inserts, [])

    // Section 2 moves first: its header and item move as a block, and the rows between shift.
    let sectionMove = flat(
      SectionedArrayChangeset(sections: ArrayChangeset(moves: [.init(from: 2, to: 0)])), [1, 2, 1])
    XCTAssertEqual(sectionMove.moves, [ArrayChangeset.Move(from: 5, to: 0), ArrayChangeset.Move(from: 6, to: 1)])

    // A moved section whose items change, and a move out of a deleted section: removals and insertions.
    let mixed = flat(
      SectionedArrayChangeset(
        sections: ArrayChangeset(deletes: [0], moves: [.init(from: 2, to: 1)]),
        itemInserts: [.init(section: 1, item: 1)],
        itemMoves: [.init(from: .init(section: 0, item: 0), to: .init(section: 0, item: 1))]
      ),
      [2, 2]
    )
    // After: [H1 c a] [H2 d e]; flat 0 1 2 | 3 4 5.
    XCTAssertEqual(mixed.moves, [])
    XCTAssertEqual(mixed.deletes, [0, 1, 2, 5, 6])
    XCTAssertEqual(mixed.inserts, [2, 3, 4, 5])
  }

  func testTheFlatChangeOfASectionedChange() {
    let change = SectionedArrayChangeset(
      sections: ArrayChangeset(deletes: [0], inserts: [1]),
      itemDeletes: [ItemPath(section: 1, item: 0)],
      itemInserts: [ItemPath(section: 0, item: 1)],
      itemUpdates: [ItemPath(section: 1, item: 1), ItemPath(section: 0, item: 0)]
    )
    // Before: [H0 a b] [H1 c d]; after: [H1' d' e] [Hnew x].
    let flat = MainActor.assumeIsolated {
      SectionedListView<String, String>.flatChange(change, oldCounts: [2, 2], newCounts: [2, 1])
    }
    XCTAssertEqual(flat.deletes, [0, 1, 2, 4])
    XCTAssertEqual(flat.inserts, [2, 3, 4])
    XCTAssertEqual(flat.updates, [5], "the update of an item in a deleted section is dropped")
  }
}

/// A list of names under letters: each row a label, each header a label that `bindHeader` fills.
@MainActor
private func namesByLetter(
  bindHeader: @escaping @MainActor (Label, String) -> Void
) -> SectionedListView<String, String> {
  SectionedListView<String, String>(
    makeHeader: { Label() },
    bindHeader: bindHeader,
    makeRow: { Label() },
    bindRow: { label, name in label.text = name }
  )
}

#endif
