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
      let list = SectionedListView<String, String>(
        makeHeader: { Label() },
        bindHeader: { label, letter in label.setMarkup("<b>\(letter)</b>") },
        makeRow: { Label() },
        bindRow: { label, name in label.text = name }
      )
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

#endif
