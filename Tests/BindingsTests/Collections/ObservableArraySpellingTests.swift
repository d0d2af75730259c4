import Testing

@testable import Bindings

/// An observable array is a collection, a publisher and a source of derived arrays at once; `map`
/// and `filter` take the derived-array meaning, and the other two are one spelling away.
@Suite("map and filter on an observable array: which meaning each spelling gets", .releasesEveryObject)
struct ObservableArraySpellingTests {
  @Test("map and filter with element closures derive arrays that follow the source")
  func elementClosuresDerive() {
    let numbers = MutableObservableArray([1, 2, 3])
    let doubled = numbers.map { $0 * 2 }
    let odd = numbers.filter { $0 % 2 == 1 }
    numbers.append(5)
    #expect(doubled.contents == [2, 4, 6, 10])
    #expect(odd.contents == [1, 3, 5])
  }

  @Test("a closure that names the event type gets the publisher's map, over events")
  func eventClosureGetsThePublishersMap() {
    let numbers = MutableObservableArray([1, 2])
    var counts: [Int] = []
    let token = numbers.map { (event: ObservableArrayEvent<Int>) in event.contents.count }.sink { counts.append($0) }
    numbers.append(3)
    #expect(counts == [2, 3])
    token.cancel()
  }

  @Test("contents.map gives a plain array of the current contents, which does not follow")
  func contentsMapIsAPlainArray() {
    let numbers = MutableObservableArray([1, 2])
    let snapshot: [String] = numbers.contents.map { "#\($0)" }
    numbers.append(3)
    #expect(snapshot == ["#1", "#2"])
  }
}
