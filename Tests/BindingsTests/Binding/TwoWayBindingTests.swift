import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("<~>", .releasesEveryObject)
struct TwoWayBindingTests {
  @Test("the initial value flows right to left, then changes flow both ways")
  func bothWays() {
    let field = MutableProperty("")
    let name = MutableProperty("Ada")
    field <~> name
    #expect(field.value == "Ada")
    #expect(name.value == "Ada")
    field.value = "Grace"
    #expect(name.value == "Grace")
    name.value = "Alan"
    #expect(field.value == "Alan")
  }

  @Test("a change is never echoed back to the side it came from")
  func noEcho() {
    let left = MutableProperty(0)
    let right = MutableProperty(1)
    let leftRecorder = RecordingSubscriber<Int, Never>()
    let rightRecorder = RecordingSubscriber<Int, Never>()
    left.subscribe(leftRecorder)
    right.subscribe(rightRecorder)
    left <~> right
    left.value = 2
    right.value = 3
    #expect(leftRecorder.events == [.subscription, .value(0), .value(1), .value(2), .value(3)])
    #expect(rightRecorder.events == [.subscription, .value(1), .value(2), .value(3)])
    leftRecorder.cancel()
    rightRecorder.cancel()
  }

  @Test("the left side's own current value does not overwrite the right side when binding")
  func leftCurrentValueIsNotSentRight() {
    let left = MutableProperty("left")
    let right = MutableProperty("right")
    let recorder = RecordingSubscriber<String, Never>()
    right.subscribe(recorder)
    left <~> right
    #expect(recorder.values == ["right"])
    recorder.cancel()
  }

  @Test("@Published properties are two-way endpoints through their projected publishers")
  func publishedEndpoints() {
    let form = BindingTestViewModel(name: "")
    let model = BindingTestViewModel(name: "Ada")
    form.$name <~> model.$name
    #expect(form.name == "Ada")
    form.name = "Grace"
    #expect(model.name == "Grace")
  }

  @Test("two-way through a conversion: a Double slider and a String text, unparsable text ignored")
  func conversion() {
    let slider = MutableProperty(0.0)
    let text = MutableProperty("0.5")
    slider <~> text.converted({ Double($0) }, back: { String($0) })
    #expect(slider.value == 0.5)
    slider.value = 0.75
    #expect(text.value == "0.75")
    text.value = "0.7x"
    #expect(slider.value == 0.75)
    text.value = "0.25"
    #expect(slider.value == 0.25)
    #expect(text.value == "0.25")
  }

  @Test("a custom endpoint: a key-path target plus the publisher of user changes")
  func customEndpoint() {
    let slider = BindingTestSlider()
    let model = MutableProperty(0.5)
    slider.reactive.value <~> model
    #expect(slider.value == 0.5)
    slider.userMoved(to: 0.9)
    #expect(model.value == 0.9)
    model.value = 0.1
    #expect(slider.value == 0.1)
    // Set once by the binding, once by the user, once by the binding: the model's report of the
    // user's change was not written back.
    #expect(slider.setCount == 3)
  }

  @Test("both sides changed in the same turn settle on the side changed last")
  func sameTurnLastChangeWins() {
    let left = MutableProperty(0)
    let right = MutableProperty(0)
    left <~> right
    left.value = 1
    right.value = 2
    #expect(left.value == 2)
    #expect(right.value == 2)
  }

  @Test("a change made while the other side's change is being written settles on the later change, without looping")
  func reentrantChangeWins() {
    let left = MutableProperty(0)
    let right = MutableProperty(0)
    let writesToRight = RecordingSubscriber<Int, Never>()
    // Subscribed before the binding, so it sees the left change first and answers by changing the
    // right side before the binding has propagated the left change.
    let reaction = left.sink { value in
      if value == 1 { right.value = 2 }
    }
    left <~> right
    right.subscribe(writesToRight)
    left.value = 1
    #expect(left.value == 2)
    #expect(right.value == 2)
    #expect(writesToRight.values.count < 6, "the binding looped: \(writesToRight.values)")
    _ = reaction
    writesToRight.cancel()
  }

  @Test("a reaction inside a write, to the side being written, wins over the write")
  func reactionInsideWriteWins() {
    let left = MutableProperty(0)
    let right = MutableProperty(0)
    left <~> right
    // Reacts to every value the binding writes into the right side by clamping it.
    let clamp = right.sink { value in
      if value > 10 { right.value = 10 }
    }
    left.value = 50
    #expect(right.value == 10)
    #expect(left.value == 10)
    _ = clamp
  }

  @Test("the binding ends when either owner dies, and leaves nothing in the other's bag")
  func endsWhenEitherOwnerDies() {
    for dying in ["left", "right"] {
      var left: MutableProperty<Int>? = MutableProperty(0)
      var right: MutableProperty<Int>? = MutableProperty(1)
      weak let weakLeft = left
      weak let weakRight = right
      left! <~> right!
      #expect(left!.bindings.count == 1)
      #expect(right!.bindings.count == 1)
      if dying == "left" {
        left = nil
        #expect(weakLeft == nil)
        #expect(right!.bindings.count == 0)
        #expect(right!.subject.core.subscriberCount == 0)
        right!.value = 5
      } else {
        right = nil
        #expect(weakRight == nil)
        #expect(left!.bindings.count == 0)
        #expect(left!.subject.core.subscriberCount == 0)
        left!.value = 5
      }
    }
  }

  @Test("binding the same endpoint again replaces the previous two-way binding")
  func rebindingReplaces() {
    let field = MutableProperty("")
    let first = MutableProperty("first")
    let second = MutableProperty("second")
    field <~> first
    field <~> second
    #expect(field.value == "second")
    #expect(field.bindings.count == 1)
    #expect(first.bindings.count == 0)
    first.value = "stale"
    #expect(field.value == "second")
    field.value = "typed"
    #expect(first.value == "stale")
    #expect(second.value == "typed")
  }

  @Test("the returned token ends the binding on both sides")
  func tokenEnds() {
    let left = MutableProperty(0)
    let right = MutableProperty(1)
    let token = left <~> right
    token.cancel()
    left.value = 7
    #expect(right.value == 1)
    #expect(left.bindings.count == 0)
    #expect(right.bindings.count == 0)
  }

  @Test("changes from two threads at once neither crash nor loop")
  func concurrentChanges() {
    let left = MutableProperty(0)
    let right = MutableProperty(0)
    left <~> right
    let handoff = SendableBox((left, right))
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let (left, right) = handoff.value
      for value in 0..<500 {
        if index == 0 { left.value = value } else { right.value = -value }
      }
    }
    left.value = 42
    #expect(right.value == 42)
  }
}

@Suite("two-way binding state machine", .releasesEveryObject)
struct TwoWayBindingStateMachineTests {
  typealias Machine = TwoWayBindingStateMachine<Int>

  /// Feeds events to a machine and returns the action each one produced.
  private func run(_ events: [Event], connected: Bool = true) -> [String] {
    var machine = Machine()
    if connected { machine.finishConnecting() }
    // Each decided write is performed at once, as the link does for a side without a delivery.
    func performed(_ action: Machine.Action) -> String {
      if case .write = action, !machine.beginWrite() { return describe(action) + " (skipped)" }
      return describe(action)
    }
    return events.map { event in
      switch event {
      case .left(let value): return performed(machine.receive(value, from: .left))
      case .right(let value): return performed(machine.receive(value, from: .right))
      case .finishWrite: return performed(machine.finishWrite())
      case .cancel: return machine.cancel() ? "cancelled" : "already cancelled"
      }
    }
  }

  private enum Event {
    case left(Int), right(Int), finishWrite, cancel
  }

  private func describe(_ action: Machine.Action) -> String {
    switch action {
    case .none: return "none"
    case .cancelForLoop: return "cancel for loop"
    case .write(let value, into: .left): return "write \(value) left"
    case .write(let value, into: .right): return "write \(value) right"
    }
  }

  @Test("values from the left are ignored while the left side is being connected")
  func connectingLeft() {
    #expect(run([.left(1), .right(2)], connected: false) == ["none", "write 2 left"])
  }

  @Test("the first value from the side being written is its echo and is ignored")
  func echo() {
    #expect(run([.right(1), .left(1), .finishWrite]) == ["write 1 left", "none", "none"])
  }

  @Test("a change during a write is applied after it, and only the latest one")
  func pendingLatestWins() {
    #expect(
      run([.left(1), .right(1), .right(2), .left(3), .finishWrite, .right(3), .finishWrite]) == [
        "write 1 right", "none", "none", "none", "write 3 right", "none", "none",
      ])
  }

  @Test("a genuine change after the echo, from the side being written, is sent back after the write")
  func reactionAfterEcho() {
    #expect(
      run([.left(50), .right(50), .right(10), .finishWrite, .left(10), .finishWrite]) == [
        "write 50 right", "none", "none", "write 10 left", "none", "none",
      ])
  }

  @Test("when the binding starts from the left, values from the right are ignored while it is connected")
  func connectingRight() {
    var machine = Machine(connecting: .right)
    #expect(describe(machine.receive(1, from: .right)) == "none")
    machine.finishConnecting()
    #expect(describe(machine.receive(2, from: .left)) == "write 2 right")
  }

  @Test("a write answered by another change a thousand times in a row is reported as a loop")
  func loopDetected() {
    var machine = Machine()
    machine.finishConnecting()
    var actions = [describe(machine.receive(0, from: .left))]
    for value in 1...Machine.loopLimit {
      _ = machine.beginWrite()  // the write is performed on this thread
      _ = machine.receive(value, from: .right)  // the echo
      _ = machine.receive(value, from: .left)  // something outside answers the write
      actions.append(describe(machine.finishWrite()))
    }
    #expect(actions.first == "write 0 right")
    #expect(actions.dropFirst().dropLast().allSatisfy { $0.hasSuffix("right") })
    #expect(actions.last == "cancel for loop")
  }

  @Test("a change of the side about to be written, made before the write is performed, wins over it")
  func changeBeforeADeliveredWrite() {
    var machine = Machine()
    machine.finishConnecting()
    #expect(describe(machine.receive(1, from: .left)) == "write 1 right")
    // The write waits for the right side's delivery; meanwhile the right side changes.
    #expect(describe(machine.receive(5, from: .right)) == "none")
    let skipped = !machine.beginWrite()
    #expect(skipped)
    #expect(describe(machine.finishWrite()) == "write 5 left")
    let performed = machine.beginWrite()
    #expect(performed)
    #expect(describe(machine.receive(5, from: .left)) == "none")
    #expect(describe(machine.finishWrite()) == "none")
  }

  @Test("a report from the side to be written, before the write is performed, is a change, not an echo")
  func reportBeforeTheWriteIsNotAnEcho() {
    var machine = Machine()
    machine.finishConnecting()
    #expect(describe(machine.receive(1, from: .left)) == "write 1 right")
    #expect(describe(machine.receive(2, from: .left)) == "none")
    let performed = machine.beginWrite()
    #expect(performed)
    #expect(describe(machine.receive(1, from: .right)) == "none")
    #expect(describe(machine.finishWrite()) == "write 2 right")
  }

  @Test("after cancel nothing is written and cancel reports only the first time")
  func cancel() {
    #expect(run([.cancel, .cancel, .right(1)]) == ["cancelled", "already cancelled", "none"])
  }
}

/// A control whose value the user changes (reported) and the program sets (not reported), like a
/// UIKit slider.
final class BindingTestSlider: BindingOwner {
  let bindings = BindingBag()
  private(set) var setCount = 0
  var value = 0.0 {
    didSet { setCount += 1 }
  }
  let userChanges = PassthroughSubject<Double, Never>()

  func userMoved(to value: Double) {
    self.value = value
    userChanges.send(value)
  }
}

extension Reactive where Base: BindingTestSlider {
  var value: BindingEndpoint<Base, Double> {
    BindingEndpoint(target: self[dynamicMember: \.value], changes: base.userChanges)
  }
}
