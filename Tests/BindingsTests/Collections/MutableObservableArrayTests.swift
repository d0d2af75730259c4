import Bindings
import BindingsTesting
import Foundation
import Testing

@Suite("MutableObservableArray", .releasesEveryObject)
struct MutableObservableArrayTests {
  /// Subscribes to `array` and returns the changes it reports after the replay.
  private func changes(
    of array: MutableObservableArray<Int>,
    _ edit: (MutableObservableArray<Int>) -> Void
  ) -> [String] {
    var recorded: [String] = []
    let token = array.dropFirst().sink { recorded.append("\($0.change)") }
    edit(array)
    token.cancel()
    return recorded
  }

  @Test("subscribing replays the current contents as a reset")
  func replay() {
    let array = MutableObservableArray([1, 2])
    var events: [ObservableArrayEvent<Int>] = []
    let token = array.sink { events.append($0) }
    #expect(events == [ObservableArrayEvent(contents: [1, 2], change: .reset)])
    token.cancel()
  }

  @Test("a subscriber that asks for nothing at first gets the replay when it asks")
  func replayOnFirstDemand() {
    let array = MutableObservableArray([1])
    let recorder = RecordingSubscriber<ObservableArrayEvent<Int>, Never>(initialDemand: .none)
    array.subscribe(recorder)
    array.append(2)
    #expect(recorder.values.isEmpty)
    recorder.request(.max(1))
    #expect(recorder.values.map(\.contents) == [[1, 2]])
    #expect(recorder.values.map(\.change) == [.reset])
    recorder.cancel()
  }

  @Test("each edit reports its change with sorted offsets")
  func singleEdits() {
    let array = MutableObservableArray([1, 2, 3])
    let recorded = changes(of: array) { array in
      array.append(4)
      array.append(contentsOf: [5, 6])
      array.insert(0, at: 0)
      array.insert(contentsOf: [7, 8], at: 2)
      array.remove(at: 1)
      array.removeFirst()
      array.removeLast()
      array.move(from: 0, to: 2)
      array[1] = 10
      array.replaceSubrange(0..<2, with: [20])
      array.removeAll()
    }
    #expect(
      recorded == [
        "inserts [3]", "inserts [4, 5]", "inserts [0]", "inserts [2, 3]", "deletes [1]", "deletes [0]",
        "deletes [6]", "moves [0→2]", "updates [1]", "deletes [1], updates [0]", "deletes [0, 1, 2, 3, 4]",
      ]
    )
    #expect(array.contents == [])
  }

  @Test("edits that change nothing send nothing")
  func noOpEdits() {
    let array = MutableObservableArray([1, 2])
    let recorded = changes(of: array) { array in
      array.append(contentsOf: [])
      array.move(from: 1, to: 1)
      MutableObservableArray<Int>([]).removeAll()
      array.batchUpdate { _ in }
      array.replace(with: [1, 2], performDiff: true)
    }
    #expect(recorded == [])
  }

  @Test("a batch that only sets elements sends their offsets as updates, each once, in order")
  func batchOfSetsOnly() throws {
    let array = MutableObservableArray(["a", "b", "c", "d", "e"])
    var events: [ObservableArrayEvent<String>] = []
    let token = array.dropFirst().sink { events.append($0) }
    array.batchUpdate { batch in
      batch[3] = "D"
      batch[1] = "B"
      batch[3] = "DD"
      batch.replaceSubrange(4..<5, with: ["E"])
    }
    #expect(events.count == 1)
    #expect(array.contents == ["a", "B", "c", "DD", "E"])
    #expect(events[0].change == ArrayChangeset(updates: [1, 3, 4]))
    // Sets before a structural edit keep their old offsets.
    array.batchUpdate { batch in
      batch[2] = "C"
      batch.remove(at: 0)
      batch[0] = "b"
    }
    #expect(array.contents == ["b", "C", "DD", "E"])
    #expect(events.count == 2)
    var copy = ["a", "B", "c", "DD", "E"]
    try events[1].change.apply(to: &copy, newContents: events[1].contents)
    #expect(copy == array.contents)
    #expect(events[1].change == ArrayChangeset(deletes: [0], updates: [1, 2]))
    token.cancel()
  }

  // MARK: A batch whose only edit is one set

  @Test("a batch of one set sends the event the same set on the array sends", arguments: [0, 2, 4])
  func batchOfOneSetIsAPlainSet(offset: Int) {
    let plain = MutableObservableArray(["a", "b", "c", "d", "e"])
    let batched = MutableObservableArray(["a", "b", "c", "d", "e"])
    var plainEvents: [ObservableArrayEvent<String>] = []
    var batchedEvents: [ObservableArrayEvent<String>] = []
    let plainToken = plain.dropFirst().sink { plainEvents.append($0) }
    let batchedToken = batched.dropFirst().sink { batchedEvents.append($0) }
    plain[offset] = "X"
    let result = batched.batchUpdate { batch in
      batch[offset] = "X"
      return batch.count
    }
    #expect(result == 5)
    #expect(plainEvents == [ObservableArrayEvent(contents: plain.contents, change: ArrayChangeset(updates: [offset]))])
    #expect(batchedEvents == plainEvents)
    plainToken.cancel()
    batchedToken.cancel()
  }

  @Test("setting one offset several times in a batch sends one update of it, with the last value")
  func batchSettingOneOffsetTwice() {
    let array = MutableObservableArray([1, 2, 3])
    var events: [ObservableArrayEvent<Int>] = []
    let token = array.dropFirst().sink { events.append($0) }
    array.batchUpdate { batch in
      batch[1] = 20
      batch[1] = 200
    }
    #expect(events == [ObservableArrayEvent(contents: [1, 200, 3], change: ArrayChangeset(updates: [1]))])
    token.cancel()
  }

  @Test("a batch reads back its one set through the subscript, iteration and elements")
  func batchReadsItsOneSet() {
    let array = MutableObservableArray(["a", "b", "c"])
    array.batchUpdate { batch in
      batch[1] = "B"
      #expect(batch[1] == "B")
      #expect(batch[0] == "a")
      #expect(Array(batch) == ["a", "B", "c"])
      #expect(batch.elements == ["a", "B", "c"])
      #expect(batch.count == 3)
    }
    #expect(array.contents == ["a", "B", "c"])
  }

  @Test("a set followed by other edits in a batch keeps the set's offset in the changeset")
  func batchOfOneSetThenMore() throws {
    let array = MutableObservableArray(["a", "b", "c", "d"])
    var events: [ObservableArrayEvent<String>] = []
    let token = array.dropFirst().sink { events.append($0) }
    array.batchUpdate { batch in
      batch[2] = "C"
      batch[0] = "A"
    }
    array.batchUpdate { batch in
      batch[3] = "D"
      batch.insert("z", at: 0)
    }
    array.batchUpdate { batch in
      batch[1] = "AA"
      batch.move(from: 1, to: 3)
    }
    array.batchUpdate { batch in
      batch[0] = "zz"
      batch.removeAll()
    }
    #expect(
      events.map(\.change) == [
        ArrayChangeset(updates: [0, 2]),
        ArrayChangeset(inserts: [0], updates: [3]),
        // The element set at offset 1 then moved: a delete and an insert, as for any moved and changed element.
        ArrayChangeset(deletes: [1], inserts: [3]),
        ArrayChangeset(deletes: [0, 1, 2, 3, 4]),
      ]
    )
    var copy = ["a", "b", "c", "d"]
    for event in events {
      try event.change.apply(to: &copy, newContents: event.contents)
      #expect(copy == event.contents)
    }
    #expect(array.contents == [])
    token.cancel()
  }

  @Test("a batch of one set made while another edit came first runs again on the new contents")
  func batchOfOneSetRetried() {
    let array = MutableObservableArray([1, 2, 3])
    var events: [ObservableArrayEvent<Int>] = []
    let token = array.dropFirst().sink { events.append($0) }
    var runs = 0
    array.batchUpdate { batch in
      runs += 1
      // Stands for another thread's edit made while the body runs: the set below must not undo it.
      if runs == 1 { array.append(4) }
      batch[0] = batch.count * 10
    }
    #expect(runs == 2)
    #expect(array.contents == [40, 2, 3, 4])
    #expect(
      events == [
        ObservableArrayEvent(contents: [1, 2, 3, 4], change: ArrayChangeset(inserts: [3])),
        ObservableArrayEvent(contents: [40, 2, 3, 4], change: ArrayChangeset(updates: [0])),
      ]
    )
    token.cancel()
  }

  @Test("a batch of one set releases the element it replaced")
  func batchOfOneSetReleasesTheOldElement() {
    final class Box {}
    weak var old: Box?
    let array = MutableObservableArray<Box>()
    do {
      let box = Box()
      old = box
      array.append(box)
    }
    array.batchUpdate { $0[0] = Box() }
    #expect(old == nil)
    #expect(array.contents.count == 1)
  }

  @Test("the standard case: [1, 2, 3] replaced by [0, 1, 3, 4] deletes offset 1 and inserts 0 and 3")
  func standardDiff() {
    let array = MutableObservableArray([1, 2, 3])
    var events: [ObservableArrayEvent<Int>] = []
    let token = array.dropFirst().sink { events.append($0) }
    array.replace(with: [0, 1, 3, 4], performDiff: true)
    #expect(
      events == [ObservableArrayEvent(contents: [0, 1, 3, 4], change: ArrayChangeset(deletes: [1], inserts: [0, 3]))])
    token.cancel()
  }

  @Test("a diffed replace reports moved elements as moves")
  func diffMoves() {
    let array = MutableObservableArray(["a", "b", "c", "d"])
    var recorded: [ArrayChangeset] = []
    let token = array.dropFirst().sink { recorded.append($0.change) }
    array.replace(with: ["d", "a", "b", "c"], performDiff: true)
    #expect(recorded == [ArrayChangeset(moves: [.init(from: 3, to: 0)])])
    token.cancel()
  }

  @Test("a replace without diff is a reset")
  func replaceWithoutDiff() {
    let array = MutableObservableArray([1, 2])
    let recorded = changes(of: array) { $0.replace(with: [3], performDiff: false) }
    #expect(recorded == ["reset"])
    #expect(array.contents == [3])
  }

  struct Row: Identifiable, Equatable {
    let id: Int
    var title: String
  }

  @Test("a replace keyed by identity reports changed contents of the same element as updates")
  func identityDiff() {
    let array = MutableObservableArray([Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c")])
    var recorded: [ArrayChangeset] = []
    let token = array.dropFirst().sink { recorded.append($0.change) }
    array.replace(with: [Row(id: 1, title: "A"), Row(id: 3, title: "c"), Row(id: 4, title: "d")], identifiedBy: \.id)
    array.replace(with: [Row(id: 4, title: "d"), Row(id: 1, title: "A"), Row(id: 3, title: "C")], identifiedBy: \.id)
    #expect(
      recorded == [
        ArrayChangeset(deletes: [1], inserts: [2], updates: [0]),
        ArrayChangeset(updates: [1], moves: [.init(from: 2, to: 0)]),
      ]
    )
    token.cancel()
  }

  @Test("a batch sends one event whose changeset is exact")
  func batch() throws {
    let array = MutableObservableArray(["a", "b", "c", "d"])
    var events: [ObservableArrayEvent<String>] = []
    let token = array.dropFirst().sink { events.append($0) }
    array.batchUpdate { batch in
      batch.remove(at: 0)
      batch.append("e")
      batch[0] = "B"
      batch.move(from: 2, to: 1)
      batch.insert("f", at: 0)
    }
    #expect(events.count == 1)
    #expect(array.contents == ["f", "B", "d", "c", "e"])
    var copy = ["a", "b", "c", "d"]
    try events[0].change.apply(to: &copy, newContents: events[0].contents)
    #expect(copy == array.contents)
    #expect(
      events[0].change == ArrayChangeset(deletes: [0], inserts: [0, 4], updates: [1], moves: [.init(from: 3, to: 2)]))
    token.cancel()
  }

  @Test("the array is a random-access collection of its current contents")
  func collection() {
    let array = MutableObservableArray([3, 1, 2])
    #expect(array.count == 3)
    #expect(array[0] == 3)
    #expect(Array(array) == [3, 1, 2])
    #expect(array.contains(1))
    #expect(array.firstIndex(of: 2) == 2)
  }

  @Test("the array works with the operators and as a source for <~")
  func operators() {
    let array = MutableObservableArray([1, 2])
    let label = MutableProperty(0)
    label <~ array.map { $0.contents.count }
    array.append(3)
    #expect(label.value == 3)
    let other = MutableObservableArray(["x"])
    var pairs: [String] = []
    let token = array.combineLatest(other).sink { pairs.append("\($0.contents.count)-\($1.contents.count)") }
    other.append("y")
    #expect(pairs == ["3-1", "3-2"])
    token.cancel()
  }

  @Test("an edit made from inside a subscriber is delivered after the current event")
  func reentrantEdit() {
    let array = MutableObservableArray([Int]())
    var seen: [[Int]] = []
    let token = array.sink { event in
      seen.append(event.contents)
      if event.contents.count == 1 { array.append(2) }
    }
    array.append(1)
    #expect(seen == [[], [1], [1, 2]])
    token.cancel()
  }

  @Test("a range that does not fit traps with a clear message")
  func outOfRange() async {
    await #expect(processExitsWith: .failure) {
      MutableObservableArray([1]).remove(at: 3)
    }
  }
}
