import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// The loop guard of a two-way binding: it ends a binding whose sides something outside the binding
/// keeps changing in answer to its writes, and never one whose sides are merely busy.
@Suite("two-way binding loop guard", .releasesEveryObject)
struct TwoWayLoopGuardTests {
  /// A control that reports its changes synchronously, with no queue in between.
  final class Knob: BindingOwner {
    let bindings = BindingBag()
    let changes = UpstreamProbe<Int, Never>()
    var value = 0 {
      didSet { onSet(value) }
    }
    var onSet: (Int) -> Void = { _ in }

    var endpoint: BindingEndpoint<Knob, Int> {
      BindingEndpoint(target: reactive.value, changes: changes)
    }
  }

  @Test("a write answered at once, on the writing thread, by another change is a loop: the binding ends and says so")
  func synchronousAnswerIsALoop() {
    let left = Knob()
    let right = Knob()
    // Whatever the binding writes into the right knob makes the left one change at once.
    right.onSet = { [unowned left] value in
      left.value = value + 1
      left.changes.send(left.value)
    }
    let messages = diagnostics {
      left.endpoint <~> right.endpoint
      left.value = 1
      left.changes.send(1)
    }
    #expect(left.bindings.count == 0 && right.bindings.count == 0, "the binding should have ended")
    #expect(
      messages.contains {
        $0.contains("each write was answered by another change, \(TwoWayBindingStateMachine<Int>.loopLimit) times")
          && $0.contains("The two-way binding was ended")
      }, "\(messages)")
    left.changes.detach()
    right.changes.detach()
  }

  @Test("a <~> b with b <~ a.map(f) is a cycle through the subjects: it is cut and reported, and ends")
  func cycleThroughAnotherBinding() {
    let a = MutableProperty(0)
    let b = MutableProperty(0)
    let messages = diagnostics {
      a <~> b
      b <~ a.map { $0 + 1 }
    }
    #expect(
      messages.contains { $0.contains("came back 1000 levels deep") && $0.contains("which ends the cycle") },
      "\(messages)")
    // Cut, not ended: the two-way binding is still there, and the program goes on.
    #expect(a.bindings.count == 1)
  }

  @Test(
    "a second two-way binding between the same sides, in either order, replaces the first",
    arguments: ["same order", "reversed pair", "reversed pair, no seed", "same owner, reversed"])
  func secondLinkBetweenTheSameSides(shape: String) {
    // Two links between one pair took each other's deferred echo for a change: the values doubled
    // at every turn and the run hung, with memory growing.
    final class Form: BindingOwner {
      let bindings = BindingBag()
      let firstChanges = CurrentValueSubject<String, Never>("first")
      let secondChanges = CurrentValueSubject<String, Never>("second")
      var first: String {
        get { firstChanges.value }
        set { firstChanges.value = newValue }
      }
      var second: String {
        get { secondChanges.value }
        set { secondChanges.value = newValue }
      }
      var firstEndpoint: BindingEndpoint<Form, String> {
        BindingEndpoint(target: reactive.first, changes: firstChanges)
      }
      var secondEndpoint: BindingEndpoint<Form, String> {
        BindingEndpoint(target: reactive.second, changes: secondChanges)
      }
    }
    let a = MutableProperty("a")
    let b = MutableProperty("b")
    let form = Form()
    let messages = diagnostics {
      a <~> b
      form.firstEndpoint <~> form.secondEndpoint
      switch shape {
      case "same order": a <~> b
      case "reversed pair": b <~> a
      case "reversed pair, no seed": b.bindTwoWay(with: a, initialValueFrom: nil)
      default: form.secondEndpoint <~> form.firstEndpoint
      }
    }
    #expect(messages.isEmpty, "\(messages)")
    // One link left: one entry in each side's bag.
    #expect(a.bindings.count == 1 && b.bindings.count == 1)
    #expect(form.bindings.count == 2)
    a.value = "typed"
    #expect(b.value == "typed")
    b.value = "back"
    #expect(a.value == "back")
    form.first = "edited"
    #expect(form.second == "edited")
    form.second = "answered"
    #expect(form.first == "answered")
  }

  @Test("threads binding one pair at once, in either order, leave exactly one link")
  func concurrentLinksBetweenTheSameSides() {
    for round in 0..<200 {
      let a = MutableProperty("a")
      let b = MutableProperty("b")
      DispatchQueue.concurrentPerform(iterations: 4) { index in
        if index.isMultiple(of: 2) || round.isMultiple(of: 2) { a <~> b } else { b <~> a }
      }
      #expect(a.bindings.count == 1 && b.bindings.count == 1, "round \(round)")
      a.value = "typed \(round)"
      #expect(b.value == "typed \(round)", "round \(round): no link left")
    }
  }

  @Test("two-way bindings in a ring of three are cut and reported instead of hanging")
  func ringOfTwoWayBindings() {
    // Every value doubles at each turn of such a cycle, so the depth limit alone would never be
    // reached in time: the run hung with memory growing until the count limit was added.
    let a = MutableProperty("a")
    let b = MutableProperty("b")
    let c = MutableProperty("c")
    let messages = diagnostics {
      a <~> b
      b <~> c
      c <~> a
      a.value = "typed"
    }
    #expect(
      messages.contains {
        $0.contains("\(SubjectStateMachine<String, Never>.maximumCascadeValues) times in one delivery")
          && $0.contains("a ring of two-way bindings")
      }, "\(messages)")
    #expect(a.value == "typed" && b.value == "typed" && c.value == "typed")
  }

  @Test("changes from another thread during the binding's writes are never taken for a loop")
  func otherThreadsAreNotAnswers() {
    typealias Machine = TwoWayBindingStateMachine<Int>
    var machine = Machine()
    machine.finishConnecting()
    let writer: UInt = 1
    let other: UInt = 2
    var action = machine.receive(0, from: .left, thread: writer)
    for value in 1...(3 * Machine.loopLimit) {
      guard case .write(_, let side) = action else {
        Issue.record("round \(value): expected a write, got \(action)")
        return
      }
      _ = machine.beginWrite(thread: writer)
      _ = machine.receive(value, from: side, thread: writer)  // the echo
      // Another thread changes the side just written from, while the write is performed.
      _ = machine.receive(value, from: side.other, thread: other)
      action = machine.finishWrite()
    }
    if case .cancelForLoop = action { Issue.record("the busy binding was taken for a loop") }
    #expect(!machine.isCancelled)
  }

  @Test("the same changes, made on the writing thread during each write, are a loop")
  func sameThreadAnswersAreALoop() {
    typealias Machine = TwoWayBindingStateMachine<Int>
    var machine = Machine()
    machine.finishConnecting()
    var action = machine.receive(0, from: .left, thread: 1)
    var rounds = 0
    while case .write(_, let side) = action, rounds <= Machine.loopLimit {
      rounds += 1
      _ = machine.beginWrite(thread: 1)
      _ = machine.receive(rounds, from: side, thread: 1)
      _ = machine.receive(rounds, from: side.other, thread: 1)
      action = machine.finishWrite()
    }
    guard case .cancelForLoop = action else {
      Issue.record("no loop detected after \(rounds) rounds: \(action)")
      return
    }
    #expect(rounds == Machine.loopLimit)
  }
}
