import Bindings
import Testing

@Suite("ArrayChangeset.Offsets", .releasesEveryObject)
struct ArrayChangesetOffsetsTests {
  @Test("a single-offset change an edit makes equals the same change built from arrays")
  func singleOffsetEqualsArrayBuilt() {
    let array = MutableObservableArray([10, 20])
    var changes: [ArrayChangeset] = []
    let token = array.dropFirst().sink { changes.append($0.change) }
    array.append(30)
    array.removeLast()
    array[0] = 11
    token.cancel()
    let expected = [ArrayChangeset(inserts: [2]), ArrayChangeset(deletes: [2]), ArrayChangeset(updates: [0])]
    #expect(changes == expected)
    #expect(Set(changes).count == 3)
    #expect(Set(changes + expected).count == 3, "equal changesets hash equally")
    #expect(changes.map(\.description) == ["inserts [2]", "deletes [2]", "updates [0]"])
  }

  @Test("offsets compare equal to array literals, and read as a random-access collection of Int")
  func collectionOfInt() {
    let change = ArrayChangeset(deletes: [3, 1, 2], inserts: [0])
    #expect(change.deletes == [1, 2, 3])
    #expect(change.inserts == [0])
    #expect(change.updates == [])
    #expect(change.deletes != [1, 2])
    #expect(change.inserts != [1])
    #expect(change.deletes.count == 3)
    #expect(change.deletes[1] == 2)
    #expect(change.inserts[0] == 0)
    #expect(change.deletes.reversed() == [3, 2, 1])
    #expect(Array(change.deletes) == [1, 2, 3])
    #expect(change.deletes.map { $0 * 10 } == [10, 20, 30])
    #expect(change.inserts.first == 0 && change.inserts.last == 0)
    #expect(change.updates.isEmpty && change.updates.first == nil)
    #expect("\(change.deletes)" == "[1, 2, 3]" && "\(change.inserts)" == "[0]" && "\(change.updates)" == "[]")
  }

  @Test("offsets of one element equal the same offsets however they were made, and hash alike")
  func equalityAcrossStorage() {
    var grown = ArrayChangeset.Offsets()
    grown.append(5)
    let fromSequence = ArrayChangeset.Offsets([5])
    let fromLiteral: ArrayChangeset.Offsets = [5]
    #expect(grown == fromSequence && fromSequence == fromLiteral)
    #expect(Set([grown, fromSequence, fromLiteral]).count == 1)
    var shrunk: ArrayChangeset.Offsets = [5, 6]
    shrunk.removeLast()
    #expect(shrunk == fromLiteral)
    #expect(Set([shrunk, fromLiteral]).count == 1)
    shrunk.removeLast()
    #expect(shrunk == [] && shrunk.isEmpty)
    var edited: ArrayChangeset.Offsets = [1, 2]
    edited[1] = 7
    edited += [8]
    #expect(edited == [1, 7, 8])
    var single: ArrayChangeset.Offsets = [4]
    single[0] = 9
    #expect(single == [9])
  }

  @Test("existing code that combines offsets with arrays keeps working")
  func combining() {
    let change = ArrayChangeset(deletes: [2], moves: [.init(from: 0, to: 1)])
    let removed = (change.deletes + change.moves.map(\.from)).sorted()
    #expect(removed == [0, 2])
    #expect(Set(change.deletes) == [2])
    #expect(change.deletes.contains(2) && !change.deletes.contains(0))
  }
}
