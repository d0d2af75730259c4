import Bindings
import Foundation
import Testing

/// Several threads at once through subjects, operators and bindings, checking the contracts as the
/// values arrive. Bounded in count (about a second each on a loaded two-core machine; scale up with
/// `BINDINGS_STRESS_SCALE`), seeded where choices are random, and guarded by a watchdog so that a
/// deadlock fails the test instead of hanging the run.
@Suite("Stress", .releasesEveryObject)
struct StressTests {
  private static let senders = 3

  @Test("a subject with concurrent senders and subscribers that come and go: nothing lost, duplicated or overlapping")
  func subjectChurn() {
    let seed = TestSeed("subject churn")
    let perSender = stressCount(2_000)
    let subject = PassthroughSubject<Stamp, Never>()
    let steady = ContractCheckingSubscriber<Stamp>()
    subject.subscribe(steady)
    let churners = ChurnLog()
    runOnThreads(Self.senders + 2, name: "subject churn") { index in
      if index < Self.senders {
        for sequence in 0..<perSender { subject.send(Stamp(sender: index, sequence: sequence)) }
      } else {
        var random = SeededRandom(seed: seed.value &+ UInt64(index))
        for _ in 0..<stressCount(200) {
          let transient = ContractCheckingSubscriber<Stamp>()
          subject.subscribe(transient)
          for _ in 0..<Int.random(in: 0..<20, using: &random) { _ = ProcessInfo.processInfo.processorCount }
          transient.cancelAndMark()
          churners.add(transient)
        }
      }
    }
    subject.send(completion: .finished)
    let expected = Dictionary(uniqueKeysWithValues: (0..<Self.senders).map { ($0, perSender) })
    expectStampsIntact(steady.values, complete: expected, "steady subscriber, \(seed)")
    #expect(steady.overlappingDeliveries == 0, "\(seed)")
    for transient in churners.all {
      expectStampsIntact(transient.values, "transient subscriber, \(seed)")
      #expect(transient.overlappingDeliveries == 0, "\(seed)")
      // Deliveries never overlap, so at most one that had begun before cancel returned may end after it.
      #expect(transient.valuesAfterCancel <= 1, "\(seed)")
    }
  }

  @Test("merge and flatMap of concurrently fed subjects deliver every value once, in each sender's order")
  func mergeAndFlatMap() {
    let perSender = stressCount(2_000)
    let subjects = (0..<Self.senders).map { _ in PassthroughSubject<Stamp, Never>() }
    let merged = ContractCheckingSubscriber<Stamp>()
    Publishers.MergeMany(subjects).subscribe(merged)
    let outer = PassthroughSubject<PassthroughSubject<Stamp, Never>, Never>()
    let flattened = ContractCheckingSubscriber<Stamp>()
    outer.flatMap { $0 }.subscribe(flattened)
    for subject in subjects { outer.send(subject) }
    runOnThreads(Self.senders, name: "merge") { index in
      for sequence in 0..<perSender { subjects[index].send(Stamp(sender: index, sequence: sequence)) }
    }
    for subject in subjects { subject.send(completion: .finished) }
    outer.send(completion: .finished)
    let expected = Dictionary(uniqueKeysWithValues: (0..<Self.senders).map { ($0, perSender) })
    expectStampsIntact(merged.values, complete: expected, "merge")
    expectStampsIntact(flattened.values, complete: expected, "flatMap")
    #expect(merged.overlappingDeliveries == 0 && flattened.overlappingDeliveries == 0)
    #expect(merged.isCompleted && flattened.isCompleted)
  }

  @Test("zip pairs values by position and combineLatest keeps each side's order, with both sides fed at once")
  func zipAndCombineLatest() {
    let count = stressCount(2_000)
    let left = PassthroughSubject<Int, Never>()
    let right = PassthroughSubject<Int, Never>()
    let zipped = ContractCheckingSubscriber<Pair>()
    left.zip(right).map { Pair(left: $0, right: $1) }.subscribe(zipped)
    let combined = ContractCheckingSubscriber<Pair>()
    left.combineLatest(right).map { Pair(left: $0, right: $1) }.subscribe(combined)
    runOnThreads(2, name: "zip") { index in
      let side = index == 0 ? left : right
      for value in 0..<count { side.send(value) }
    }
    left.send(completion: .finished)
    right.send(completion: .finished)
    #expect(zipped.values == (0..<count).map { Pair(left: $0, right: $0) })
    let pairs = combined.values
    #expect(pairs.last == Pair(left: count - 1, right: count - 1))
    #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.left <= $1.left && $0.right <= $1.right })
    #expect(zipped.overlappingDeliveries == 0 && combined.overlappingDeliveries == 0)
  }

  @Test(
    "switchToLatest while the outer switches from another thread: each inner's values in order, none after its switch")
  func switchToLatestChurn() {
    let perSender = stressCount(1_000)
    let inners = (0..<Self.senders).map { _ in PassthroughSubject<Stamp, Never>() }
    let outer = PassthroughSubject<PassthroughSubject<Stamp, Never>, Never>()
    let latest = ContractCheckingSubscriber<Stamp>()
    outer.switchToLatest().subscribe(latest)
    runOnThreads(Self.senders + 1, name: "switchToLatest") { index in
      if index < Self.senders {
        for sequence in 0..<perSender { inners[index].send(Stamp(sender: index, sequence: sequence)) }
      } else {
        for round in 0..<stressCount(300) { outer.send(inners[round % Self.senders]) }
      }
    }
    outer.send(inners[0])
    inners[0].send(Stamp(sender: 0, sequence: perSender))
    outer.send(completion: .finished)
    for inner in inners { inner.send(completion: .finished) }
    expectStampsIntact(latest.values, "switchToLatest")
    #expect(latest.values.last == Stamp(sender: 0, sequence: perSender))
    #expect(latest.overlappingDeliveries == 0)
  }

  @Test("share hands every subscriber the same values in the same order while senders race")
  func shareFanOut() {
    let perSender = stressCount(2_000)
    let subject = PassthroughSubject<Stamp, Never>()
    let shared = subject.share()
    let first = ContractCheckingSubscriber<Stamp>()
    let second = ContractCheckingSubscriber<Stamp>()
    shared.subscribe(first)
    shared.subscribe(second)
    runOnThreads(Self.senders, name: "share") { index in
      for sequence in 0..<perSender { subject.send(Stamp(sender: index, sequence: sequence)) }
    }
    subject.send(completion: .finished)
    let expected = Dictionary(uniqueKeysWithValues: (0..<Self.senders).map { ($0, perSender) })
    expectStampsIntact(first.values, complete: expected, "share, first")
    #expect(first.values == second.values)
  }

  @Test(
    "receive(on:) and debounce over a dispatch queue, fed from several threads, end with nothing lost or left behind")
  func schedulerHops() {
    let perSender = stressCount(1_000)
    let subject = PassthroughSubject<Stamp, Never>()
    let queue = DispatchQueue(label: "stress.receive")
    let hopped = ContractCheckingSubscriber<Stamp>()
    subject.receive(on: queue).subscribe(hopped)
    let debounced = ContractCheckingSubscriber<Stamp>()
    subject.debounce(for: .microseconds(50), scheduler: queue).subscribe(debounced)
    runOnThreads(Self.senders, name: "receive(on:)") { index in
      for sequence in 0..<perSender { subject.send(Stamp(sender: index, sequence: sequence)) }
    }
    subject.send(completion: .finished)
    waitUntil("receive(on:) delivering the completion") { hopped.isCompleted }
    waitUntil("debounce delivering the completion") { debounced.isCompleted }
    let expected = Dictionary(uniqueKeysWithValues: (0..<Self.senders).map { ($0, perSender) })
    expectStampsIntact(hopped.values, complete: expected, "receive(on:)")
    expectStampsIntact(debounced.values, "debounce")
    #expect(hopped.overlappingDeliveries == 0 && debounced.overlappingDeliveries == 0)
    #expect(hopped.valuesAfterCompletion == 0 && debounced.valuesAfterCompletion == 0)
  }

  @Test(
    "bindings made, replaced and dropped while values are sent: live owners end on the last value, gone owners are released"
  )
  func bindingChurn() {
    let seed = TestSeed("binding churn")
    let property = MutableProperty(0)
    let sends = stressCount(2_000)
    let survivors = OwnerLog()
    runOnThreads(3, name: "binding churn") { index in
      if index == 0 {
        for value in 1...sends { property.value = value }
      } else {
        var random = SeededRandom(seed: seed.value &+ UInt64(index))
        for _ in 0..<stressCount(150) {
          let owner = StressOwner()
          owner.reactive.value <~ property
          if Bool.random(using: &random) { owner.reactive.value <~ property.map { $0 } }
          if Bool.random(using: &random) { survivors.keep(owner) } else { survivors.watch(owner) }
        }
      }
    }
    for owner in survivors.kept {
      #expect(owner.lastValue == sends, "a live owner missed the last value — \(seed)")
    }
    survivors.releaseKept()
    #expect(survivors.watchedAlive == 0, "an owner outlived its last reference — \(seed)")
  }
}

/// Two sides of a `zip` or `combineLatest`.
struct Pair: Equatable, Sendable {
  let left: Int
  let right: Int
}

/// Subscribers collected from several threads.
private final class ChurnLog: @unchecked Sendable {
  private let lock = NSLock()
  private var subscribers: [ContractCheckingSubscriber<Stamp>] = []
  func add(_ subscriber: ContractCheckingSubscriber<Stamp>) { lock.withLock { subscribers.append(subscriber) } }
  var all: [ContractCheckingSubscriber<Stamp>] { lock.withLock { subscribers } }
}

/// An owner whose value a binding writes, from any thread.
private final class StressOwner: BindingOwner, @unchecked Sendable {
  let bindings = BindingBag()
  private let lock = NSLock()
  private var stored = 0
  var value: Int {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
  var lastValue: Int { value }
}

/// Owners kept alive until the end, and weak references to the ones dropped at once.
private final class OwnerLog: @unchecked Sendable {
  private struct Weak {
    weak var owner: StressOwner?
  }
  private let lock = NSLock()
  private var strong: [StressOwner] = []
  private var weak: [Weak] = []
  func keep(_ owner: StressOwner) { lock.withLock { strong.append(owner) } }
  func watch(_ owner: StressOwner) { lock.withLock { weak.append(Weak(owner: owner)) } }
  var kept: [StressOwner] { lock.withLock { strong } }
  func releaseKept() {
    let released = lock.withLock {
      defer { strong = [] }
      return strong
    }
    _ = released
  }
  var watchedAlive: Int { lock.withLock { weak.filter { $0.owner != nil }.count } }
}
