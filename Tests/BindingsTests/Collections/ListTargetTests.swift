import Foundation
import Testing

@testable import Bindings

@Suite("ListTarget", .releasesEveryObject)
struct ListTargetTests {
  @Test("a bound list reloads with the current contents, then applies each change as a batch")
  func drivesList() {
    let names = MutableObservableArray(["Ada", "Grace"])
    let list = RecordingList()
    list.reactive.items <~ names
    names.append("Alan")
    names.replace(with: ["Grace", "Alan", "Barbara"], performDiff: true)
    #expect(
      list.calls == [
        .reload(["Ada", "Grace"]),
        .batch(ArrayChangeset(inserts: [2]), ["Ada", "Grace", "Alan"]),
        .batch(ArrayChangeset(deletes: [0], inserts: [2]), ["Grace", "Alan", "Barbara"]),
      ]
    )
    #expect(list.shown == names.contents)
  }

  @Test("the row factory makes each row from its item and offset")
  func rowFactory() {
    let numbers = MutableObservableArray([10, 20])
    let list = RecordingList()
    list.reactive.items { number, offset in "\(offset):\(number)" } <~ numbers
    numbers.insert(5, at: 0)
    #expect(list.calls.last == .batch(ArrayChangeset(inserts: [0]), ["0:5", "1:10", "2:20"]))
    // Like a table view, the list keeps the rows it already made and makes only the inserted one.
    #expect(list.shown == ["0:5", "0:10", "1:20"])
  }

  @Test("binding a second array replaces the first: one source per list")
  func oneSourcePerList() {
    let first = MutableObservableArray(["a"])
    let second = MutableObservableArray(["b"])
    let list = RecordingList()
    list.reactive.items <~ first
    list.reactive.items <~ second
    first.append("x")
    #expect(list.shown == ["b"])
    #expect(list.bindings.count == 1)
  }

  @Test("a list bound to an array is released with its owner and stops receiving changes at once")
  func lifetime() {
    let names = MutableObservableArray(["Ada"])
    weak var weakList: RecordingList?
    do {
      let list = RecordingList()
      weakList = list
      list.reactive.items <~ names
      names.append("Grace")
      #expect(list.shown == ["Ada", "Grace"])
    }
    #expect(weakList == nil)
    names.append("Alan")
    #expect(names.core.subscriberCount == 0)
  }
}
