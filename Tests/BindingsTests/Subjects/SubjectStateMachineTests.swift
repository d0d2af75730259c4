import Testing

@testable import Bindings

/// A subscriber the machine holds by reference; the machine never calls it (the core does).
private final class Listener: Subscriber {
  typealias Input = Int
  typealias Failure = TestError

  func receive(subscription: any Subscription) {}
  func receive(_ input: Int) -> Subscribers.Demand { .none }
  func receive(completion: Subscribers.Completion<TestError>) {}
}

/// Reads the machine for `#expect`, which would otherwise copy what it inspects: the machine is not
/// copyable.
private func reading<Result>(_ body: () -> Result) -> Result { body() }

/// The subject's state machine as a plain value: each test plays the calls a subject's core makes,
/// from one thread, and checks the actions. The caller's thread identity stands for the drain holder
/// (the list checks, in debug builds, that only the drain holder changes it); `other` stands for
/// another thread.
@Suite("SubjectStateMachine", .releasesEveryObject)
struct SubjectStateMachineTests {
  typealias Machine = SubjectStateMachine<Int, TestError>

  let me = currentThreadIdentity()
  var other: UInt { me &+ 1 }

  func newcomer(needsInitialValue: Bool = false) -> NewSubscriber {
    NewSubscriber(Listener(), needsInitialValue: needsInitialValue)
  }

  /// Attaches a subscriber with no drain running, asks for `demand` (as a subscriber does from inside
  /// `receive(subscription:)`), and ends the delivery unless that queued something, as the core does.
  func subscribe(_ machine: inout Machine, demand: Subscribers.Demand, needsInitialValue: Bool = false) -> Int {
    guard
      case .handSubscription(let position) = machine.attach(newcomer(needsInitialValue: needsInitialValue), from: me)
    else {
      Issue.record("an attach with no drain running did not hand the subscription over at once")
      return -1
    }
    if demand > 0 { _ = machine.request(demand, at: position, from: me) }
    _ = machine.finishIfNothingQueued()
    return position
  }

  @Test("an attach with no drain running takes the drain and names the newcomer by its place")
  func attachTakesTheDrain() {
    var machine = Machine(current: nil)
    guard case .handSubscription(position: 0) = machine.attach(newcomer(), from: me) else {
      Issue.record("expected the first subscriber at place 0")
      return
    }
    #expect(reading { machine.isDraining })
    #expect(reading { machine.drain?.holder } == me)
    #expect(reading { machine.finishIfNothingQueued() })
    guard case .handSubscription(position: 1) = machine.attach(newcomer(), from: me) else {
      Issue.record("expected the second subscriber at place 1")
      return
    }
    #expect(reading { machine.finishIfNothingQueued() })
    #expect(reading { machine.subscriberCount } == 2)
  }

  @Test("an attach during a drain is queued, and the drainer inserts it when it reaches it")
  func attachDuringADrainIsQueued() {
    var machine = Machine(current: nil)
    _ = subscribe(&machine, demand: .unlimited)
    guard case .deliverToEveryone = machine.send(1, from: me, storeAfterCompletion: false) else {
      Issue.record("unexpected action")
      return
    }
    guard case .queued = machine.attach(newcomer(), from: other) else {
      Issue.record("an attach during a drain was not queued")
      return
    }
    #expect(reading { machine.subscriberCount } == 1)
    #expect(!reading { machine.finishIfNothingQueued() }, "the drain ended with an attach queued")
    guard case .handSubscription(position: 1) = machine.nextEvent().action else {
      Issue.record("expected the queued subscriber at place 1")
      return
    }
    guard case .stopDraining = machine.nextEvent().action else {
      Issue.record("expected the drain to end")
      return
    }
    #expect(!reading { machine.isDraining })
  }

  @Test("a send with no drain running delivers to everyone at once")
  func sendDeliversAtOnce() {
    var machine = Machine(current: nil)
    _ = subscribe(&machine, demand: .unlimited)
    #expect(reading { machine.finishIfNothingQueued() })
    guard case .deliverToEveryone = machine.send(1, from: me, storeAfterCompletion: false) else {
      Issue.record("expected an immediate delivery")
      return
    }
    #expect(reading { machine.finishIfNothingQueued() })
  }

  @Test("a re-entrant send is queued one level deeper and delivered after the current delivery")
  func reentrantSendIsQueued() {
    var machine = Machine(current: nil)
    _ = subscribe(&machine, demand: .unlimited)
    #expect(reading { machine.finishIfNothingQueued() })
    _ = machine.send(1, from: me, storeAfterCompletion: false)
    guard case .queued = machine.send(2, from: me, storeAfterCompletion: false) else {
      Issue.record("a re-entrant send was not queued")
      return
    }
    #expect(!reading { machine.finishIfNothingQueued() })
    guard case .deliverToEveryone(2) = machine.nextEvent().action else {
      Issue.record("expected the re-entrant value next")
      return
    }
    #expect(reading { machine.drain?.depth } == 1)
    guard case .stopDraining = machine.nextEvent().action else {
      Issue.record("expected the drain to end")
      return
    }
  }

  @Test("a cycle deeper than the limit is cut: reported once, then dropped silently")
  func cyclesAreCut() {
    var machine = Machine(current: nil)
    _ = subscribe(&machine, demand: .unlimited)
    guard case .deliverToEveryone = machine.send(0, from: me, storeAfterCompletion: false) else {
      Issue.record("unexpected action")
      return
    }
    machine.drain!.depth = Machine.maximumCascadeDepth
    guard case .reportCycle = machine.send(1, from: me, storeAfterCompletion: false) else {
      Issue.record("expected the cycle to be reported")
      return
    }
    guard case .dropped = machine.send(2, from: me, storeAfterCompletion: false) else {
      Issue.record("expected the second cut to be silent")
      return
    }
    #expect(reading { machine.droppedByCycle } == 2)
    #expect(reading { machine.pending.isEmpty })
  }

  @Test("other threads' sends are queued up to the budget; the next sender waits to take the drain over")
  func drainBudgetIsKept() {
    var machine = Machine(current: nil)
    _ = subscribe(&machine, demand: .unlimited)
    guard case .deliverToEveryone = machine.send(-1, from: me, storeAfterCompletion: false) else {
      Issue.record("unexpected action")
      return
    }
    for value in 0..<Machine.drainBudget {
      guard case .queued = machine.send(value, from: other, storeAfterCompletion: false) else {
        Issue.record("value \(value), within the budget, was not queued")
        return
      }
    }
    guard case .waitForDrain = machine.send(99, from: other, storeAfterCompletion: false) else {
      Issue.record("a sender past the budget did not wait")
      return
    }
    for value in 0..<Machine.drainBudget {
      guard case .deliverToEveryone(value) = machine.nextEvent().action else {
        Issue.record("expected budgeted value \(value)")
        return
      }
    }
    guard case .handDrainOver = machine.nextEvent().action else {
      Issue.record("expected the drain to be handed to the waiting sender")
      return
    }
    #expect(reading { machine.drain?.holder } == other)
    #expect(reading { machine.budgetedInQueue } == 0)
    guard case .deliverToEveryone(99) = machine.nextEvent().action else {
      Issue.record("the new drain holder did not deliver its own value first")
      return
    }
  }

  @Test("a cancel with no drain running removes the subscriber and hands it back")
  func cancelOutsideADrain() {
    var machine = Machine(current: nil)
    let position = subscribe(&machine, demand: .unlimited)
    #expect(reading { machine.finishIfNothingQueued() })
    let key = SubscriberKey(serial: machine.subscribers.drainView.serial(at: position), hint: position)
    let released = machine.cancel(key)
    #expect(released != nil)
    if let released { SubscriberList.release(released) }
    #expect(reading { machine.subscriberCount } == 0)
    #expect(reading { machine.cancel(key) } == nil, "a second cancel reached a record")
    #expect(reading { machine.subscribers.drainView.flags(at: position) } == 0)
  }

  @Test("a cancel during a drain only marks the subscriber; the drainer removes and releases it")
  func cancelDuringADrain() {
    var machine = Machine(current: nil)
    let position = subscribe(&machine, demand: .unlimited)
    guard case .deliverToEveryone = machine.send(1, from: me, storeAfterCompletion: false) else {
      Issue.record("unexpected action")
      return
    }
    let key = SubscriberKey(serial: machine.subscribers.drainView.serial(at: position), hint: position)
    #expect(reading { machine.cancel(key) } == nil, "a cancel during a drain released the subscriber")
    #expect(reading { machine.subscriberCount } == 0)
    #expect(reading { machine.subscribers.drainView.flags(at: position) } == 0, "the drainer would still deliver to it")
    #expect(!reading { machine.finishIfNothingQueued() }, "the drain ended with a removal pending")
    let next = machine.nextEvent()
    #expect(next.released.count == 1)
    for object in next.released { SubscriberList.release(object) }
    guard case .stopDraining = next.action else {
      Issue.record("expected the drain to end")
      return
    }
  }

  @Test("an unlimited-demand subscriber is on the fast path; a limited one counts its demand")
  func fastFlag() {
    var machine = Machine(current: nil)
    let unlimited = subscribe(&machine, demand: .unlimited)
    let limited = subscribe(&machine, demand: .max(1))
    let view = machine.subscribers.drainView
    #expect(view.flags(at: unlimited) == SubscriberList.liveFlag | SubscriberList.fastFlag)
    #expect(view.flags(at: limited) == SubscriberList.liveFlag)
    #expect(reading { machine.consumeDemand(at: limited) })
    #expect(!reading { machine.consumeDemand(at: limited) }, "a subscriber out of demand was delivered to")
  }

  @Test("a passthrough subject requests from its upstreams once a subscriber demands")
  func passthroughRequestsUpstreamsOnDemand() {
    var machine = Machine(current: nil)
    guard case .none = machine.addUpstream(Subscriptions.empty) else {
      Issue.record("a passthrough subject requested before any demand")
      return
    }
    guard case .handSubscription(let position) = machine.attach(newcomer(), from: me) else {
      Issue.record("unexpected action")
      return
    }
    let first = machine.request(.max(1), at: position, from: me)
    let second = machine.request(.max(1), at: position, from: me)
    #expect(first.upstreamsToRequest.count == 1)
    #expect(second.upstreamsToRequest.isEmpty, "requested twice")
    guard case .request = machine.addUpstream(Subscriptions.empty) else {
      Issue.record("a later upstream was not requested from")
      return
    }
  }

  @Test("a current-value subscriber's first demand queues the current value, which it gets next")
  func firstDemandQueuesTheCurrentValue() {
    var machine = Machine(current: 7)
    let position = subscribe(&machine, demand: .max(2), needsInitialValue: true)
    #expect(reading { machine.subscribers.guardedFields(at: position).latestValue } == .queued)
    #expect(reading { machine.subscribers.drainView.flags(at: position) } == SubscriberList.liveFlag)
    guard case .deliverLatest(7, position: position) = machine.nextEvent().action else {
      Issue.record("expected the current value")
      return
    }
    #expect(reading { machine.subscribers.guardedFields(at: position).latestValue } == .notOwed)
    #expect(reading { machine.subscribers.guardedFields(at: position).demand } == .max(1))
  }

  @Test("a first demand with nothing queued is kept as the value to replay, ahead of what is queued after it")
  func firstDemandIsReplayedAheadOfTheQueue() {
    var machine = Machine(current: 7)
    guard case .handSubscription(let position) = machine.attach(newcomer(needsInitialValue: true), from: me) else {
      Issue.record("unexpected action")
      return
    }
    _ = machine.request(.unlimited, at: position, from: me)
    #expect(reading { machine.replay?.value } == 7)
    #expect(reading { machine.pending.isEmpty }, "the value to replay took queue storage")
    #expect(!reading { machine.finishIfNothingQueued() }, "the drain ended with a value to replay")
    // Sent from inside the subscription's delivery: queued behind the value to replay.
    guard case .queued = machine.send(8, from: me, storeAfterCompletion: false) else {
      Issue.record("a re-entrant send was not queued")
      return
    }
    guard case .replay(7, position: position) = machine.afterDelivery() else {
      Issue.record("expected the value to replay first")
      return
    }
    #expect(reading { machine.subscribers.guardedFields(at: position).latestValue } == .notOwed)
    guard case .drain = machine.afterDelivery() else {
      Issue.record("expected the queued value to be left to the drain")
      return
    }
    guard case .deliverToEveryone(8) = machine.nextEvent().action else {
      Issue.record("expected the value sent meanwhile")
      return
    }
    guard case .stopDraining = machine.nextEvent().action else { return }
  }

  @Test("a value to replay is dropped when its subscriber cancels before the drain reaches it")
  func replayOfACancelledSubscriberIsDropped() {
    var machine = Machine(current: 7)
    guard case .handSubscription(let position) = machine.attach(newcomer(needsInitialValue: true), from: me) else {
      Issue.record("unexpected action")
      return
    }
    _ = machine.request(.unlimited, at: position, from: me)
    let key = SubscriberKey(serial: reading { machine.subscribers.guardedFields(at: position).serial }, hint: position)
    #expect(machine.cancel(key) == nil, "released while the drain runs")
    guard case .drain = machine.afterDelivery() else {
      Issue.record("expected the drain to release the cancelled subscriber")
      return
    }
    let next = machine.nextEvent()
    #expect(next.released.count == 1)
    for object in next.released { SubscriberList.release(object) }
    guard case .stopDraining = next.action else {
      Issue.record("the value to replay reached a cancelled subscriber")
      return
    }
    #expect(reading { machine.replay == nil })
  }

  @Test("a current-value subscriber out of demand is owed the latest value on its next demand")
  func latestValueIsOwed() {
    var machine = Machine(current: 0)
    let position = subscribe(&machine, demand: .max(1), needsInitialValue: true)
    guard case .deliverLatest(0, position: position) = machine.nextEvent().action else { return }
    _ = machine.send(1, from: me, storeAfterCompletion: false)
    #expect(!reading { machine.consumeDemand(at: position) })
    #expect(reading { machine.subscribers.guardedFields(at: position).latestValue } == .owedOnDemand)
    _ = machine.send(2, from: me, storeAfterCompletion: false)
    #expect(reading { machine.current } == 2)
    guard case .deliverToEveryone(1) = machine.nextEvent().action else { return }
    guard case .deliverToEveryone(2) = machine.nextEvent().action else { return }
    _ = machine.request(.max(1), at: position, from: me)
    guard case .deliverLatest(2, position: position) = machine.nextEvent().action else {
      Issue.record("expected the latest value on the new demand")
      return
    }
  }

  @Test("the queued latest value waits when demand ran out meanwhile")
  func queuedLatestWaitsForDemand() {
    var machine = Machine(current: 0)
    let position = subscribe(&machine, demand: .max(1), needsInitialValue: true)
    // The subscriber's one unit of demand goes to a value delivered before the latest is reached.
    machine.subscribers.guardedFields(at: position).demand = .none
    guard case .stopDraining = machine.nextEvent().action else {
      Issue.record("a latest value was delivered without demand")
      return
    }
    #expect(reading { machine.subscribers.guardedFields(at: position).latestValue } == .owedOnDemand)
  }

  @Test("after the completion a value is dropped, or stored by a current-value subject when asked")
  func valuesAfterTheCompletion() {
    var machine = Machine(current: 0)
    _ = machine.send(completion: .finished, from: me)
    guard case .dropped = machine.send(1, from: me, storeAfterCompletion: false) else {
      Issue.record("a value sent after the completion was not dropped")
      return
    }
    #expect(reading { machine.current } == 0)
    guard case .stored = machine.send(2, from: me, storeAfterCompletion: true) else {
      Issue.record("a value set after the completion was not stored")
      return
    }
    #expect(reading { machine.current } == 2)
    guard case .complete(.finished, let targets) = machine.nextEvent().action, targets.isEmpty else {
      Issue.record("expected only the completion in the queue")
      return
    }
    guard case .stopDraining = machine.nextEvent().action else {
      Issue.record("expected the drain to end")
      return
    }
    #expect(!reading { machine.isDraining })
  }

  @Test("the drain exists only while it runs: taken by the first sender, handed back when the queue is empty")
  func drainExistsOnlyWhileItRuns() {
    var machine = Machine(current: 0)
    #expect(reading { machine.drain == nil })
    guard case .deliverToEveryone = machine.send(1, from: me, storeAfterCompletion: false) else {
      Issue.record("unexpected action")
      return
    }
    #expect(reading { machine.drain?.holder } == me)
    #expect(reading { machine.drain?.depth } == 0)
    #expect(reading { machine.drain?.budgetUsed } == 0)
    #expect(reading { machine.finishIfNothingQueued() })
    #expect(reading { machine.drain == nil })
  }

  @Test("a completion takes every subscriber out of the list; a later subscriber gets it at once")
  func completion() {
    var machine = Machine(current: nil)
    _ = subscribe(&machine, demand: .unlimited)
    _ = subscribe(&machine, demand: .none)
    let action = machine.send(completion: .failure(.oops), from: me)
    #expect(action.startsDrain)
    #expect(action.upstreamsToRelease.isEmpty)
    guard case .complete(.failure(.oops), let targets) = machine.nextEvent().action else {
      Issue.record("expected the completion")
      return
    }
    #expect(targets.count == 2)
    for target in targets { SubscriberList.release(target.object) }
    #expect(reading { machine.subscriberCount } == 0)
    guard case .dropped = machine.send(1, from: me, storeAfterCompletion: false) else {
      Issue.record("unexpected action")
      return
    }
    guard case .stopDraining = machine.nextEvent().action else { return }

    guard case .drain = machine.attach(newcomer(), from: me) else {
      Issue.record("a subscriber after the completion was not queued for the drain")
      return
    }
    guard case .handSubscriptionAndCompletion(let late, .failure(.oops)) = machine.nextEvent().action else {
      Issue.record("expected the late subscriber to get the completion")
      return
    }
    SubscriberList.release(late.object)
  }

  #if DEBUG
  @Test("in a debug build, a change to the list by a thread that does not hold the drain traps (invariant 5)")
  func foreignMutationTraps() async {
    await #expect(processExitsWith: .failure) {
      var machine = SubjectStateMachine<Int, TestError>(current: nil)
      machine.startDrain(on: currentThreadIdentity() &+ 1)
      _ = machine.subscribers.insert(NewSubscriber(Listener(), needsInitialValue: false))
    }
  }
  #endif

  @Test("subscribers still held when the machine is dropped are released with it")
  func droppedMachineReleasesItsSubscribers() {
    weak var weakListener: Listener?
    do {
      var machine = Machine(current: nil)
      let listener = Listener()
      weakListener = listener
      _ = machine.attach(NewSubscriber(listener, needsInitialValue: false), from: me)
    }
    #expect(weakListener == nil)
  }
}
