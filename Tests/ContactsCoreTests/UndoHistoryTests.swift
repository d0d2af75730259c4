import Bindings
import Testing

@testable import ContactsCore

@Suite("UndoHistory: the undo stack on its own")
struct UndoHistoryTests {
  let ada = pioneers[0]
  let grace = pioneers[1]

  /// The steps as short strings, oldest first.
  func describe(_ steps: [UndoStep]) -> [String] {
    steps.map { step in
      switch step {
      case .added(let contact): "added \(contact.firstName)"
      case .deleted(let contact, let index): "deleted \(contact.firstName) at \(index)"
      case .edited(let before, let field): "edited \(before.firstName) \(field)"
      }
    }
  }

  @Test("Consecutive edits of one field of one contact are one step, which keeps the oldest contact")
  func mergesEdits() {
    let history = UndoHistory(limit: 10)
    var typing = ada
    typing.firstName = "Adx"
    history.record(.edited(before: ada, field: .firstName))
    history.record(.edited(before: typing, field: .firstName))
    #expect(describe(history.contents) == ["edited Ada firstName"])
  }

  @Test("Edits of another field or another contact, and other commands, are steps of their own")
  func keepsOtherSteps() {
    let history = UndoHistory(limit: 10)
    history.record(.edited(before: ada, field: .firstName))
    history.record(.edited(before: ada, field: .lastName))
    history.record(.edited(before: grace, field: .lastName))
    history.record(.added(grace))
    history.record(.edited(before: grace, field: .lastName))
    history.record(.deleted(ada, index: 0))
    #expect(
      describe(history.contents) == [
        "edited Ada firstName", "edited Ada lastName", "edited Grace lastName", "added Grace",
        "edited Grace lastName", "deleted Ada at 0",
      ])
  }

  @Test("Past the limit the oldest step is forgotten; steps come off newest first, then nil")
  func limitAndOrder() {
    let history = UndoHistory(limit: 2)
    history.record(.added(ada))
    history.record(.added(grace))
    history.record(.deleted(ada, index: 3))
    #expect(describe(history.contents) == ["added Grace", "deleted Ada at 3"])
    let popped = [history.popLast(), history.popLast(), history.popLast()].map { $0.map { describe([$0])[0] } }
    #expect(popped == ["deleted Ada at 3", "added Grace", nil])
  }

  @Test("canUndo replays whether there is a step, and follows each change")
  func canUndo() {
    let history = UndoHistory(limit: 10)
    var values: [Bool] = []
    let token = history.canUndo.sink { values.append($0) }
    history.record(.added(ada))
    history.record(.added(grace))
    _ = history.popLast()
    _ = history.popLast()
    token.cancel()
    #expect(values == [false, true, false])
  }
}
