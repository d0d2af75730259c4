#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// Lists from observable arrays, in real windows: exact splices, recycling, selection, threads.
final class ListViewTests: GTKTestCase {
  func testTheListShowsTheArrayAndGTKSeesEachChangeAsItWasReported() {
    onMain {
      let names = MutableObservableArray(["Ada", "Grace", "Edsger", "Barbara"])
      let list = ListView<String>(makeRow: { Label() }, bindRow: { label, name in label.text = name })
      let window = Window(title: "List", width: 300, height: 300)
      window.child = ScrolledWindow(list)
      list.reactive.items <~ names
      show(window)
      list.waitForNextFrame()
      XCTAssertEqual(labels(in: list), ["Ada", "Grace", "Edsger", "Barbara"])

      let recorder = SpliceRecorder(list)
      names.append("Alan")
      names.remove(at: 1)
      names.insert(contentsOf: ["Donald", "John"], at: 0)
      names[2] = "Ada L."
      names.move(from: 0, to: 5)
      XCTAssertEqual(
        recorder.splices,
        [
          Splice(4, 0, 1),  // append
          Splice(1, 1, 0),  // remove at 1
          Splice(0, 0, 2),  // two inserted together: one splice
          Splice(2, 1, 1),  // an update replaces its item
          Splice(0, 6, 6),  // a move: one splice over the rows between, with the same objects
        ]
      )
      XCTAssertEqual((0..<list.modelCount).compactMap { list.item(at: $0) }, names.contents)
      list.waitForNextFrame()
      XCTAssertEqual(labels(in: list), names.contents)

      // A narrowing filter with a diff is deletes only, one splice per run; no reload.
      recorder.splices.removeAll()
      names.replace(with: names.contents.filter { $0.count > 4 }, identifiedBy: { $0 })
      XCTAssertTrue(recorder.splices.allSatisfy { $0.added == 0 }, "\(recorder.splices)")
      XCTAssertEqual((0..<list.modelCount).compactMap { list.item(at: $0) }, names.contents)

      // Only a reset replaces everything.
      recorder.splices.removeAll()
      let countBefore = UInt32(names.count)
      names.replace(with: ["X", "Y"], performDiff: false)
      XCTAssertEqual(recorder.splices, [Splice(0, countBefore, 2)])
      XCTAssertEqual(list.items, ["X", "Y"])
    }
  }

  func testRandomEditsLeaveGTKsModelEqualToTheArray() {
    onMain {
      var maker = RandomRows()
      var random = SystemRandomNumberGenerator()
      func row() -> RandomRows.Row { maker.row() }
      let rows = MutableObservableArray((0..<20).map { _ in row() })
      let list = ListView<RandomRows.Row>(makeRow: { Label() }, bindRow: { $0.text = "\($1.id):\($1.value)" })
      list.reactive.items <~ rows
      let recorder = SpliceRecorder(list)
      for step in 0..<400 {
        let count = rows.count
        switch Int.random(in: 0..<8, using: &random) {
        case 0: rows.append(row())
        case 1: rows.insert(row(), at: Int.random(in: 0...count, using: &random))
        case 2 where count > 0: _ = rows.remove(at: Int.random(in: 0..<count, using: &random))
        case 3 where count > 1:
          rows.move(from: Int.random(in: 0..<count, using: &random), to: Int.random(in: 0..<count, using: &random))
        case 4 where count > 0: rows[Int.random(in: 0..<count, using: &random)].value += 1
        case 5:
          // A filter-like replace (order kept) or a shuffle (moves), with some values changed.
          var next = rows.contents.filter { _ in Bool.random(using: &random) } + [row()]
          if Bool.random(using: &random) { next.shuffle(using: &random) }
          if !next.isEmpty { next[0].value += 1 }
          rows.replace(with: next, identifiedBy: \.id)
        case 6:
          rows.batchUpdate { batch in
            batch.append(row())
            if batch.count > 2 { _ = batch.remove(at: 1) }
            if batch.count > 0 { batch[0].value += 1 }
          }
        default: rows.insert(contentsOf: [row(), row()], at: count / 2)
        }
        XCTAssertEqual(list.items, rows.contents, "step \(step)")
        if list.items != rows.contents { return }
      }
      XCTAssertFalse(recorder.splices.contains { $0.removed > 40 && $0.added > 40 }, "no reload")
    }
  }

  func testChangesFromBackgroundThreadsAreAppliedOnGTKsThreadInOrder() {
    onMain {
      let numbers = MutableObservableArray<Int>()
      let list = ListView<Int>(makeRow: { Label() }, bindRow: { label, number in label.text = "\(number)" })
      list.reactive.items <~ numbers
      let group = DispatchGroup()
      for thread in 0..<4 {
        DispatchQueue.global().async(group: group) {
          for index in 0..<250 { numbers.append(thread * 1000 + index) }
          for _ in 0..<50 { _ = numbers.removeFirst() }
        }
      }
      let done = Flag()
      group.notify(queue: .main) { done.set(onGTKThread: GTK.isGTKThread) }
      waitUntil("every edit was made") { done.isSet }
      GTK.drainMainLoop()
      XCTAssertEqual(numbers.count, 800)
      XCTAssertEqual(list.items, numbers.contents)
      XCTAssertEqual((0..<list.modelCount).compactMap { list.item(at: $0) }, numbers.contents)
    }
  }

  func testARecycledRowNeverKeepsTheBindingOfTheItemItShowedBefore() {
    onMain {
      let counter = BindingCounter()
      let people = MutableObservableArray((0..<10_000).map { Person(name: "Person \($0)") })
      // A row of several widgets: the binding lives in the bag of a label inside the row.
      let list = ListView<Person>(
        makeRow: { Box(.horizontal, spacing: 4, [Label("•"), Label()]) },
        bindRow: { row, person in
          (row.children[1] as! Label).reactive.text <~ counter.counted(person.$name)
        }
      )
      list.reactive.items <~ people
      let scroller = ScrolledWindow(list)
      let window = Window(title: "Long list", width: 300, height: 400)
      window.child = scroller
      show(window)
      list.waitForNextFrame()
      let wrappersAtStart = GTKLiveObjects.count("GObjectWrapper")
      let liveAtStart = counter.live
      XCTAssertGreaterThan(liveAtStart, 5)
      // GTK keeps a window of about 200 rows around what is on screen, whatever the list's length.
      XCTAssertLessThan(liveAtStart, 300, "only the rows GTK keeps are bound, not 10,000")

      var peakLive = 0
      var peakWrappers = 0
      for step in 1...20 {
        scroller.verticalOffset = scroller.verticalRange * Double(step) / 20
        list.waitForNextFrame()
        peakLive = max(peakLive, counter.live)
        peakWrappers = max(peakWrappers, GTKLiveObjects.count("GObjectWrapper"))
      }
      XCTAssertLessThanOrEqual(peakLive, liveAtStart + 20, "live row bindings stay bounded while scrolling 10,000 rows")
      XCTAssertLessThanOrEqual(peakWrappers, wrappersAtStart + 20, "live row widgets stay bounded")
      XCTAssertEqual(counter.live, list.rowBindingCount, "every live binding belongs to a row on show")

      // What the rows show is what their items say now.
      let shown = labels(in: list)
      XCTAssertTrue(shown.contains("Person 9999"))
      people[9_999].name = "Renamed"
      list.waitForNextFrame()
      XCTAssertTrue(labels(in: list).contains("Renamed"))
      // An item that scrolled away long ago writes into no row.
      people[0].name = "Nobody sees this"
      list.waitForNextFrame()
      XCTAssertFalse(labels(in: list).contains("Nobody sees this"))
    }
  }

  func testARowThatBindsOnlyForSomeItemsOrWhenMadeStillLetsGoOfEveryBinding() {
    onMain {
      let counter = BindingCounter()
      let banner = MutableProperty("made")
      let people = MutableObservableArray((0..<2_000).map { Person(name: "Person \($0)") })
      // Rows show values, and bind only the names of every tenth person: most rows never hold a
      // binding, and each may start to. A binding made with the row is ended at its first bind.
      let list = ListView<Person>(
        makeRow: { () -> Label in
          let label = Label()
          label.reactive.text <~ counter.counted(banner)
          return label
        },
        bindRow: { (label: Label, person: Person) in
          if person.name.hasSuffix("0") {
            label.reactive.text <~ counter.counted(person.$name)
          } else {
            label.text = person.name
          }
        }
      )
      list.reactive.items <~ people
      let scroller = ScrolledWindow(list)
      let window = Window(title: "Some rows bound", width: 300, height: 400)
      window.child = scroller
      show(window)
      list.waitForNextFrame()
      XCTAssertEqual(
        counter.live, list.rowBindingCount, "the bindings made with the rows were ended at their first bind")
      banner.value = "written after the first bind"
      list.waitForNextFrame()
      XCTAssertFalse(labels(in: list).contains("written after the first bind"))
      for step in 1...10 {
        scroller.verticalOffset = scroller.verticalRange * Double(step) / 10
        list.waitForNextFrame()
        XCTAssertEqual(counter.live, list.rowBindingCount, "every live binding belongs to a row on show (step \(step))")
      }
      XCTAssertTrue(labels(in: list).contains("Person 1990"))
      // A bound person that scrolled away long ago writes into no row; one on show does.
      people[10].name = "Nobody sees this"
      people[1_990].name = "Renamed"
      list.waitForNextFrame()
      XCTAssertFalse(labels(in: list).contains("Nobody sees this"))
      XCTAssertTrue(labels(in: list).contains("Renamed"))
    }
  }

  func testAnUpdatedItemReachesItsRowAfterTheRowsWereRecycled() {
    onMain {
      let names = MutableObservableArray((0..<1_000).map { "Row \($0)" })
      let list = ListView<String>(makeRow: { Label() }, bindRow: { $0.text = $1 })
      list.reactive.items <~ names
      let scroller = ScrolledWindow(list)
      let window = Window(title: "Recycled rows", width: 300, height: 300)
      window.child = scroller
      show(window)
      list.waitForNextFrame()
      // Down to the end and back: each row shows one item after another.
      for step in [3, 7, 10, 0] {
        scroller.verticalOffset = scroller.verticalRange * Double(step) / 10
        list.waitForNextFrame()
      }
      XCTAssertTrue(labels(in: list).contains("Row 1"))
      names[1] = "Row 1, renamed"
      names[998] = "Row 998, renamed"
      XCTAssertTrue(labels(in: list).contains("Row 1, renamed"), "the row on show is bound again at once")
      XCTAssertFalse(labels(in: list).contains("Row 998, renamed"), "no row shows the item off screen")
      scroller.verticalOffset = scroller.verticalRange
      list.waitForNextFrame()
      XCTAssertTrue(labels(in: list).contains("Row 998, renamed"))
      XCTAssertFalse(labels(in: list).contains("Row 998"))
      // Rows bound since the last update still take the next one.
      names[998] = "Row 998, renamed again"
      XCTAssertTrue(labels(in: list).contains("Row 998, renamed again"))
    }
  }

  func testAMovedRowKeepsItsObjectAndItsSelection() {
    onMain {
      struct Row: Equatable {
        let id: Int
        var name: String
      }
      let rows = MutableObservableArray((0..<40).map { Row(id: $0, name: "Row \($0)") })
      let selected = MutableProperty<Int?>(nil)
      let list = ListView<Row>(makeRow: { Label() }, bindRow: { $0.text = $1.name })
      list.reactive.items <~ rows
      list.reactive.selectedIndex <~> selected
      let window = Window(title: "Moves", width: 300, height: 300)
      window.child = ScrolledWindow(list)
      show(window)
      list.waitForNextFrame()
      let objectOf = { (id: Int) in
        itemObjects(of: list.selection)[rows.contents.firstIndex { $0.id == id }!]
      }
      let seventh = objectOf(7)

      selected.value = 7
      rows.move(from: 7, to: 2)
      XCTAssertEqual(selected.value, 2, "the selection moved with its row")
      XCTAssertEqual(gtk_single_selection_get_selected(list.selection), 2)
      XCTAssertEqual(objectOf(7), seventh, "the same object")

      // A batch of moves, inserts, deletes and an update, the selected row among the moved.
      var expected = rows.contents
      let moved = expected.remove(at: 2)
      expected.insert(moved, at: 30)
      expected.remove(at: 0)
      expected.insert(Row(id: 100, name: "New"), at: 5)
      expected[10].name = "Renamed"
      rows.replace(with: expected, identifiedBy: \.id)
      XCTAssertEqual(list.items, expected)
      XCTAssertEqual(selected.value, expected.firstIndex { $0.id == 7 }, "the selection followed again")
      XCTAssertEqual(objectOf(7), seventh)
      list.waitForNextFrame()
      XCTAssertTrue(labels(in: list).contains("Renamed"))

      // Random reorders keep GTK's model equal to the array, and every object.
      var generator = SystemRandomNumberGenerator()
      for _ in 0..<20 {
        let objects = Set(itemObjects(of: list.selection))
        rows.replace(with: rows.contents.shuffled(using: &generator), identifiedBy: \.id)
        XCTAssertEqual(list.items, rows.contents)
        XCTAssertEqual(Set(itemObjects(of: list.selection)), objects)
      }
    }
  }

  /// A hand-made change with moves whose offsets do not fit the store replaces the rows, as a reset.
  func testAChangeWithMovesThatDoesNotFitIsAppliedAsAReset() {
    onMain {
      let list = ListView<String>(makeRow: { Label() }, bindRow: { $0.text = $1 })
      list.reload(with: ListRows(items: ["a", "b", "c"]) { item, _ in item })
      GTK.drainMainLoop()
      XCTAssertEqual(list.items, ["a", "b", "c"])
      let recorder = SpliceRecorder(list)
      let outOfRange = ArrayChangeset(moves: [.init(from: 7, to: 0)])
      list.performBatchUpdates(outOfRange, rows: ListRows(items: ["c", "a", "b"]) { item, _ in item })
      let repeated = ArrayChangeset(moves: [.init(from: 0, to: 1), .init(from: 2, to: 1)])
      list.performBatchUpdates(repeated, rows: ListRows(items: ["x", "y", "z"]) { item, _ in item })
      GTK.drainMainLoop()
      XCTAssertEqual(list.items, ["x", "y", "z"])
      XCTAssertEqual(recorder.splices, [Splice(0, 3, 3), Splice(0, 3, 3)])
    }
  }

  /// Item objects spliced back by moves, and the rows, all go with the list.
  func testMovedItemObjectsAndRowsGoWithTheList() {
    onMain {
      final class Token {
        let name: String
        init(_ name: String) { self.name = name }
      }
      let before = GTKLiveObjects.total
      var weakTokens: [() -> Token?] = []
      weak var weakWindow: Window?
      weak var weakList: ListView<Token>?
      do {
        let tokens = MutableObservableArray((0..<40).map { Token("\($0)") })
        weakTokens = tokens.contents.map { token in { [weak token] in token } }
        let list = ListView<Token>(makeRow: { Label() }, bindRow: { $0.text = $1.name })
        list.reactive.items <~ tokens
        let window = Window(title: "Moves", width: 200, height: 300)
        window.child = ScrolledWindow(list)
        show(window)
        list.selectedIndex = 3
        tokens.move(from: 3, to: 30)
        tokens.batchUpdate { batch in
          batch.move(from: 0, to: 10)
          batch.move(from: 39, to: 1)
          _ = batch.remove(at: 20)
        }
        XCTAssertEqual(list.selectedIndex.map { list.items[$0].name }, "3")
        list.waitForNextFrame()
        (weakWindow, weakList) = (window, list)
      }
      XCTAssertNotNil(weakList, "the window keeps the list")
      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertNil(weakList)
      XCTAssertEqual(weakTokens.filter { $0() != nil }.count, 0, "every item object let go of its item")
      XCTAssertEqual(GTKLiveObjects.total, before, "\(GTKLiveObjects.liveKinds) left alive")
    }
  }

  /// An item removed from the list, or replaced in place, is let go of while the list lives: the
  /// item object that held it is freed, or holds the new item alone; the items left are kept.
  func testRemovedAndReplacedItemsAreLetGoOfWhileTheListLives() {
    onMain {
      final class Token {
        let name: String
        init(_ name: String) { self.name = name }
      }
      let tokens = MutableObservableArray((0..<40).map { Token("\($0)") })
      let list = ListView<Token>(makeRow: { Label() }, bindRow: { $0.text = $1.name })
      list.reactive.items <~ tokens
      let window = Window(title: "Removed items", width: 200, height: 300)
      window.child = ScrolledWindow(list)
      show(window)
      list.waitForNextFrame()
      // Rows on show and rows off it: the first rows are bound, the last are not.
      var removed: [() -> Token?] = []
      for offset in [35, 20, 2, 1] {
        let token = tokens.remove(at: offset)
        removed.append { [weak token] in token }
      }
      weak let replaced = tokens[0]
      tokens[0] = Token("new first")
      weak let replacedOffScreen = tokens[30]
      tokens[30] = Token("new last")
      list.waitForNextFrame()
      waitUntil("the removed and replaced items are let go of") {
        removed.allSatisfy { $0() == nil } && replaced == nil && replacedOffScreen == nil
      }
      XCTAssertEqual(list.items.map(\.name), tokens.contents.map(\.name))
      XCTAssertEqual(list.item(at: 0)?.name, "new first")
      XCTAssertEqual(list.item(at: 30)?.name, "new last")
      XCTAssertEqual(list.modelCount, 36)
      window.close()
    }
  }

  /// An item object holds one item of its list's type, in an instance one word larger than a
  /// `GObject`; any other object, or an item object of another item type, holds no item, and giving
  /// it one changes nothing.
  func testOnlyItemObjectsOfTheListsTypeHoldItems() {
    onMain {
      let object = ItemBox<String>.makeObject(holding: "first")
      defer { g_object_unref(object) }
      var query = GTypeQuery()
      g_type_query(cgtk_object_type(object), &query)
      XCTAssertEqual(String(cString: query.type_name), "BindingsGTKItem")
      XCTAssertEqual(Int(query.instance_size), MemoryLayout<GObject>.stride + MemoryLayout<UnsafeRawPointer>.stride)
      XCTAssertEqual(ItemBox<String>.item(of: object), "first")
      ItemBox<String>.setItem("second", of: object)
      XCTAssertEqual(ItemBox<String>.item(of: object), "second")
      XCTAssertNil(ItemBox<Int>.item(of: object), "an item object of another item type")
      ItemBox<Int>.setItem(3, of: object)
      XCTAssertEqual(ItemBox<String>.item(of: object), "second")

      let plain = cgtk_object_new(cgtk_type_object())
      let string = UnsafeMutableRawPointer(gtk_string_object_new("text"))!
      defer {
        g_object_unref(plain)
        g_object_unref(string)
      }
      for foreign in [plain, string] {
        XCTAssertNil(ItemBox<String>.item(of: foreign))
        ItemBox<String>.setItem("not kept", of: foreign)
        XCTAssertNil(ItemBox<String>.item(of: foreign))
      }
    }
  }

  /// A derived array sorted by an order the user picks sends moves: the selected row follows its item.
  func testASelectedRowFollowsItsItemWhenASortedArrayTakesANewOrder() {
    onMain {
      let names = MutableObservableArray(["Grace", "Ada", "Alan", "Edsger"])
      let ascending = CurrentValueSubject<Bool, Never>(true)
      let sorted = names.sorted(by: ascending) { a, b, ascending in ascending ? a < b : a > b }
      let list = ListView<String>(selection: .multiple, makeRow: { Label() }, bindRow: { $0.text = $1 })
      let single = ListView<String>(makeRow: { Label() }, bindRow: { $0.text = $1 })
      list.reactive.items <~ sorted
      single.reactive.items <~ sorted
      XCTAssertEqual(list.items, ["Ada", "Alan", "Edsger", "Grace"])
      single.selectedIndex = 1  // "Alan"
      list.selectedIndices = [0, 2]  // "Ada", "Edsger"
      let objects = (0..<4).map { itemObject(of: single, at: $0) }
      let recorder = SpliceRecorder(single)

      ascending.send(false)
      XCTAssertEqual(single.items, ["Grace", "Edsger", "Alan", "Ada"])
      XCTAssertEqual(single.selectedIndex, 2, "still \"Alan\"")
      XCTAssertEqual(list.selectedIndices, [1, 3], "still \"Ada\" and \"Edsger\"")
      XCTAssertEqual(Set((0..<4).map { itemObject(of: single, at: $0) }), Set(objects), "no new item objects")
      XCTAssertEqual(recorder.splices.count, 1, "one change, one splice")
      XCTAssertEqual(itemObject(of: single, at: 2), objects[1])
    }
  }

  /// Random changes of moves with inserts, deletes and updates leave GTK's model equal to the array,
  /// and each element that kept its identity and value keeps its item object.
  func testRandomChangesWithMovesKeepTheModelEqualAndTheMovedItemObjects() {
    onMain {
      var maker = RandomRows()
      var random = SystemRandomNumberGenerator()
      func row() -> RandomRows.Row { maker.row() }
      let rows = MutableObservableArray((0..<30).map { _ in row() })
      let list = ListView<RandomRows.Row>(makeRow: { Label() }, bindRow: { $0.text = "\($1.id):\($1.value)" })
      list.reactive.items <~ rows
      for step in 0..<300 {
        let before = rows.contents
        let objects = Dictionary(
          uniqueKeysWithValues: before.indices.map { (before[$0].id, itemObject(of: list, at: $0)) })
        var next = before.filter { _ in Int.random(in: 0..<6, using: &random) > 0 }
        for _ in 0..<Int.random(in: 0...3, using: &random) where next.count > 1 {
          next.swapAt(Int.random(in: 0..<next.count, using: &random), Int.random(in: 0..<next.count, using: &random))
        }
        for _ in 0..<Int.random(in: 0...2, using: &random) where !next.isEmpty {
          next[Int.random(in: 0..<next.count, using: &random)].value += 1
        }
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          next.insert(row(), at: Int.random(in: 0...next.count, using: &random))
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
          rows.batchUpdate { batch in
            if batch.count > 1 { batch.move(from: 0, to: batch.count - 1) }
            batch.append(row())
          }
        } else {
          rows.replace(with: next, identifiedBy: \.id)
        }
        XCTAssertEqual(list.items, rows.contents, "step \(step)")
        if list.items != rows.contents { return }
        let old = Dictionary(uniqueKeysWithValues: before.map { ($0.id, $0) })
        for (offset, element) in rows.contents.enumerated() where old[element.id] == element {
          XCTAssertEqual(itemObject(of: list, at: offset), objects[element.id], "step \(step): \(element)")
        }
      }
    }
  }

  func testSingleSelectionBothWaysKeptRightAcrossInsertsAndDeletes() {
    onMain {
      let names = MutableObservableArray(["a", "b", "c", "d"])
      let selected = MutableProperty<Int?>(nil)
      let list = ListView<String>(makeRow: { Label() }, bindRow: { $0.text = $1 })
      list.reactive.items <~ names
      list.reactive.selectedIndex <~> selected
      var items: [String?] = []
      let token = list.reactive.selectedItem.sink { items.append($0) }

      gtk_single_selection_set_selected(list.selection, 2)  // the user clicks "c"
      XCTAssertEqual(selected.value, 2)
      names.insert("new", at: 0)  // above the selection
      XCTAssertEqual(selected.value, 3, "the selection stays on \"c\"")
      XCTAssertEqual(list.items[3], "c")
      selected.value = 1
      XCTAssertEqual(gtk_single_selection_get_selected(list.selection), 1)
      _ = names.remove(at: 1)  // the selected row goes
      XCTAssertEqual(selected.value, nil)
      selected.value = 42  // out of range: ignored, with a diagnostic
      XCTAssertEqual(gtk_single_selection_get_selected(list.selection), GTK_INVALID_LIST_POSITION)
      XCTAssertEqual(items, [nil, "c", "c", "a", nil])
      token.cancel()
    }
  }

  /// A change of many runs (a search narrowing the list) reaches the selection sources once, when
  /// it is all in: not once per splice, with the selected row half-moved.
  func testTheSelectionIsReadOncePerChangeNotOncePerSplice() {
    onMain {
      let rows = MutableObservableArray(Array(0..<1_000))
      let list = ListView<Int>(makeRow: { Label() }, bindRow: { $0.text = "\($1)" })
      list.reactive.items <~ rows
      var indices: [Int?] = []
      var items: [Int?] = []
      let byIndex = list.reactive.selectedIndex.sink { indices.append($0) }
      let byItem = list.reactive.selectedItem.sink { items.append($0) }
      list.selectedIndex = 500
      XCTAssertEqual(indices, [nil, 500])
      XCTAssertEqual(items, [nil, 500])

      // Every even row before the selected one goes, in 250 runs of one row: one change.
      rows.batchUpdate { batch in
        for offset in stride(from: 498, through: 0, by: -2) { _ = batch.remove(at: offset) }
      }
      XCTAssertEqual(list.spliceCount, 1 + 250, "one splice per run (the first splice filled the list)")
      XCTAssertEqual(list.selectedIndex, 250)
      XCTAssertEqual(indices, [nil, 500, 250], "one new offset for the whole change")
      XCTAssertEqual(items, [nil, 500, 500], "the item, once")

      // The selected row goes with others: the selection is empty once, at the end.
      rows.batchUpdate { batch in
        for offset in [300, 250, 100, 0] { _ = batch.remove(at: offset) }
      }
      XCTAssertEqual(list.selectedIndex, nil)
      XCTAssertEqual(indices, [nil, 500, 250, nil])
      XCTAssertEqual(items, [nil, 500, 500, nil])
      byIndex.cancel()
      byItem.cancel()
    }
  }

  /// A selection source that outlives its list finishes when the list goes, and keeps nothing of it.
  func testASelectionSourceFinishesWhenItsListGoes() {
    onMain {
      var list: ListView<Int>? = ListView<Int>(makeRow: { Label() }, bindRow: { $0.text = "\($1)" })
      weak let weakList = list
      weak let weakModel = list?.selectionModel
      let rows = MutableObservableArray([1, 2, 3])
      list!.reactive.items <~ rows
      var finished = false
      var items: [Int?] = []
      let token = list!.reactive.selectedItem.sink(
        receiveCompletion: { _ in finished = true }, receiveValue: { items.append($0) })
      list!.selectedIndex = 1
      list = nil
      GTK.drainMainLoop()
      XCTAssertNil(weakList)
      XCTAssertNil(weakModel, "the subscription keeps no selection model alive")
      XCTAssertTrue(finished, "the source finished with its list")
      XCTAssertEqual(items, [nil, 2])
      token.cancel()
    }
  }

  func testSelectionByIdentityFollowsItsItemWhicheverOfRowsAndSelectionArrivesFirst() {
    onMain {
      struct Person: Equatable {
        let id: Int
        let name: String
      }
      let people = MutableObservableArray([
        Person(id: 1, name: "a"), Person(id: 2, name: "b"), Person(id: 3, name: "c"),
      ])
      let selectedID = MutableProperty<Int?>(nil)
      // A model that hears of the rows before the list does, and changes the selection at once:
      // it selects each person added at the top.
      let model = people.sink { event in
        if let first = event.contents.first, first.id > 3, selectedID.value != first.id { selectedID.value = first.id }
      }
      let list = ListView<Person>(makeRow: { Label() }, bindRow: { $0.text = $1.name })
      list.reactive.items <~ people
      list.reactive.selectedItemID(\.id) <~> selectedID
      XCTAssertNil(list.selectedIndex)

      gtk_single_selection_set_selected(list.selection, 2)  // the user clicks "c"
      XCTAssertEqual(selectedID.value, 3)
      people.insert(Person(id: 0, name: "z"), at: 0)
      XCTAssertEqual(list.selectedIndex, 3, "the selection moves with \"c\"")
      XCTAssertEqual(selectedID.value, 3, "and the identity stays")
      selectedID.value = 1
      XCTAssertEqual(list.selectedIndex, 1)

      // The model selects "new" before the list has its row: the list keeps its selection until the
      // row is there, then selects it, and the model's selection is never overwritten.
      var sent: [Int?] = []
      let token = list.reactive.selectedItemID(\.id).dropFirst().sink { sent.append($0) }
      people.insert(Person(id: 4, name: "new"), at: 0)
      XCTAssertEqual(selectedID.value, 4)
      GTK.drainMainLoop()
      XCTAssertEqual(list.selectedIndex, 0)
      XCTAssertEqual(list.item(at: 0)?.name, "new")
      XCTAssertEqual(selectedID.value, 4)
      XCTAssertEqual(sent, [4], "the list went from \"a\" to \"new\" with nothing in between")

      selectedID.value = 99  // no row has it: none is selected once the queue has run
      GTK.drainMainLoop()
      XCTAssertNil(list.selectedIndex)
      XCTAssertNil(selectedID.value, "the list says it selects none")
      token.cancel()
      model.cancel()
    }
  }

  func testAnUpdatedRowStaysSelectedAndShowsTheNewItem() {
    onMain {
      let names = MutableObservableArray(["a", "b", "c"])
      let selected = MutableProperty<Int?>(nil)
      let list = ListView<String>(makeRow: { Label() }, bindRow: { $0.text = $1 })
      list.reactive.items <~ names
      list.reactive.selectedIndex <~> selected
      let window = Window(title: "Update", width: 200, height: 200)
      window.child = ScrolledWindow(list)
      show(window)
      selected.value = 1
      var changes: [Int?] = []
      let token = list.reactive.selectedIndex.dropFirst().sink { changes.append($0) }
      let recorder = SpliceRecorder(list)
      names[1] = "B"
      XCTAssertEqual(recorder.splices, [Splice(1, 1, 1)], "GTK sees the update")
      XCTAssertEqual(selected.value, 1)
      XCTAssertEqual(changes, [], "the selection never left the row")
      list.waitForNextFrame()
      XCTAssertEqual(labels(in: list), ["a", "B", "c"])
      token.cancel()
    }
  }

  func testMultipleSelection() {
    onMain {
      let names = MutableObservableArray(["a", "b", "c", "d", "e"])
      let checked = MutableProperty<[Int]>([])
      let list = ListView<String>(selection: .multiple, makeRow: { Label() }, bindRow: { $0.text = $1 })
      list.reactive.items <~ names
      list.reactive.selectedIndices <~> checked
      gtk_selection_model_select_item(list.selection, 1, 0)
      gtk_selection_model_select_item(list.selection, 3, 0)
      XCTAssertEqual(checked.value, [1, 3])
      names.insert("z", at: 0)
      XCTAssertEqual(checked.value, [2, 4])
      checked.value = [0, 5]
      XCTAssertEqual(list.selectedIndices, [0, 5])
      var selectedItems: [[String]] = []
      let token = list.reactive.selectedItems.sink { selectedItems.append($0) }
      XCTAssertEqual(selectedItems.last, ["z", "e"])
      token.cancel()

      // Moved rows stay selected: ["z", "a", "b", "c", "d", "e"] with "z" and "e" selected.
      names.move(from: 5, to: 1)
      XCTAssertEqual(names.contents, ["z", "e", "a", "b", "c", "d"])
      XCTAssertEqual(checked.value, [0, 1])
      names.move(from: 0, to: 4)
      XCTAssertEqual(checked.value, [0, 4])
      XCTAssertEqual(list.selectedIndices, [0, 4])
    }
  }

  func testARowFactoryThatFailsGetsADiagnosticAndTheListKeepsWorking() {
    onMain {
      struct Broken: Error {}
      var made = 0
      let names = MutableObservableArray(["a", "b", "c"])
      let list = ListView<String>(
        makeRow: { () throws -> Label? in
          made += 1
          if made == 1 { return nil }
          if made == 2 { throw Broken() }
          return Label()
        },
        bindRow: { label, name in
          if name == "b" { throw Broken() }
          label.text = name
        }
      )
      list.reactive.items <~ names
      let window = Window(title: "Broken rows", width: 200, height: 200)
      window.child = ScrolledWindow(list)
      show(window)
      list.waitForNextFrame()
      XCTAssertEqual(list.modelCount, 3)
      XCTAssertTrue(labels(in: list).contains("c"))
      names.append("d")
      list.waitForNextFrame()
      XCTAssertTrue(labels(in: list).contains("d"))
    }
  }

  func testBindingASecondArrayReplacesTheFirst() {
    onMain {
      let first = MutableObservableArray(["1"])
      let second = MutableObservableArray(["2", "3"])
      let list = ListView<String>(makeRow: { Label() }, bindRow: { $0.text = $1 })
      list.reactive.items <~ first
      list.reactive.items <~ second
      XCTAssertEqual(list.items, ["2", "3"])
      first.append("ignored")
      XCTAssertEqual(list.items, ["2", "3"])
      XCTAssertEqual(list.bindings.count, 1)
    }
  }

  func testDerivedArraysAreBoundTheSameWay() {
    onMain {
      let numbers = MutableObservableArray(Array(1...10))
      let list = ListView<String>(makeRow: { Label() }, bindRow: { $0.text = $1 })
      list.reactive.items <~ numbers.filter { $0 % 2 == 0 }.map { "#\($0)" }
      XCTAssertEqual(list.items, ["#2", "#4", "#6", "#8", "#10"])
      let recorder = SpliceRecorder(list)
      numbers.append(12)
      numbers.remove(at: 0)
      XCTAssertEqual(list.items, ["#2", "#4", "#6", "#8", "#10", "#12"])
      XCTAssertEqual(recorder.splices, [Splice(5, 0, 1)], "removing an odd number changes nothing shown")
    }
  }
}

/// One `items-changed` emission.
struct Splice: Equatable, CustomStringConvertible {
  var position: UInt32
  var removed: UInt32
  var added: UInt32
  init(_ position: UInt32, _ removed: UInt32, _ added: UInt32) {
    (self.position, self.removed, self.added) = (position, removed, added)
  }
  var description: String { "(\(position), -\(removed), +\(added))" }
}

/// Records the `items-changed` emissions of a list's model.
@MainActor
final class SpliceRecorder {
  var splices: [Splice] = []
  private var connection: SignalConnection?

  init(_ list: some SelectableList) {
    connection = SignalConnection.connect("items-changed", shape: .threeUIntArguments, of: list.selectionModel) {
      [weak self] arguments in
      self?.splices.append(Splice(arguments.first, arguments.second, arguments.third))
      return false
    }
  }

  deinit {
    connection?.disconnect()
  }
}

/// An item whose name rows bind to.
final class Person: @unchecked Sendable {
  @Published var name: String
  init(name: String) { self.name = name }
}

/// Counts the subscriptions alive through it.
final class BindingCounter {
  private(set) var live = 0

  func counted<P: Publisher>(_ publisher: P) -> AnyPublisher<P.Output, P.Failure> {
    publisher.handleEvents(
      receiveSubscription: { [unowned self] _ in live += 1 },
      receiveCompletion: { [unowned self] _ in live -= 1 },
      receiveCancel: { [unowned self] in live -= 1 }
    ).eraseToAnyPublisher()
  }
}

extension ListView {
  /// How many bindings the list's rows hold now.
  var rowBindingCount: Int {
    var count = 0
    for node in WidgetTree.subtree(of: widget) {
      if let widget = GObjectWrapper.wrapper(for: node), widget !== self { count += widget.bindings.count }
    }
    return count
  }
}

/// Rows with ids and small values, made at random, for the tests of random edits.
struct RandomRows {
  struct Row: Equatable {
    let id: Int
    var value: Int
  }

  private var random = SystemRandomNumberGenerator()
  private var nextID = 0

  /// A row with a new id.
  mutating func row() -> Row {
    nextID += 1
    return Row(id: nextID, value: Int.random(in: 0..<3, using: &random))
  }
}

/// The item object at `position` of a list's model, or `nil` out of range.
@MainActor
func itemObject(of list: some SelectableList, at position: Int) -> UnsafeMutableRawPointer? {
  guard let object = g_list_model_get_item(list.selection, guint(position)) else { return nil }
  g_object_unref(object)
  return object
}

/// The item objects of a list's or table's model, in order.
@MainActor
func itemObjects(of model: OpaquePointer) -> [UnsafeMutableRawPointer] {
  (0..<g_list_model_get_n_items(model)).map { position in
    let object = g_list_model_get_item(model, position)!
    g_object_unref(object)
    return object
  }
}
#endif
