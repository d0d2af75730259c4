import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// Random scripts through the combining operators (two scripted subjects into `merge`,
/// `combineLatest` or `zip`) and the time-based ones (`debounce`, `throttle`, `delay` on a
/// ``TestScheduler``), compared event by event with reference models written as pure functions.
/// Seeded: a failure prints its seed, and `BINDINGS_SEED=<seed>` replays exactly that run.
@Suite("Conformance: combining and time-based operators against a reference model", .releasesEveryObject)
struct CombiningAndTimeConformanceTests {
  @Test("merge, combineLatest and zip of two subjects match the model under random sends, demand and completions")
  func randomCombining() {
    let seed = TestSeed("random combining")
    var random = seed.generator()
    for round in 0..<stressCount(300) {
      let combiner = ModelCombiner.random(using: &random)
      let initialDemand = ModelDemand.random(using: &random)
      let script = (0..<Int.random(in: 0...30, using: &random)).map { _ in TwoSidedStep.random(using: &random) }
      let expected = CombiningModel.events(combiner, initialDemand: initialDemand, script: script)
      let actual = run(combiner, initialDemand: initialDemand, script: script)
      #expect(
        actual == expected,
        "round \(round): \(combiner) with demand \(initialDemand), script \(script) — \(seed)")
      if actual != expected { return }
    }
  }

  @Test("debounce, throttle and delay on virtual time match the model under random sends, waits and completions")
  func randomTimed() {
    let seed = TestSeed("random timed")
    var random = seed.generator()
    for round in 0..<stressCount(300) {
      let timer = ModelTimer.random(using: &random)
      let script = (0..<Int.random(in: 0...30, using: &random)).map { _ in TimedStep.random(using: &random) }
      let expected = TimedModel.events(timer, script: script)
      let actual = run(timer, script: script)
      #expect(actual == expected, "round \(round): \(timer), script \(script) — \(seed)")
      if actual != expected { return }
    }
  }

  private func run(_ combiner: ModelCombiner, initialDemand: ModelDemand, script: [TwoSidedStep]) -> [String] {
    let sides = [PassthroughSubject<Int, TestError>(), PassthroughSubject<Int, TestError>()]
    let recorder = RecordingSubscriber<String, TestError>(initialDemand: initialDemand.demand)
    combiner.apply(sides[0], sides[1]).subscribe(recorder)
    for step in script {
      switch step {
      case .send(let side, let value): sides[side].send(value)
      case .request(let count): recorder.request(.max(count))
      case .finish(let side): sides[side].send(completion: .finished)
      case .fail(let side): sides[side].send(completion: .failure(.oops))
      case .cancel: recorder.cancel()
      }
    }
    recorder.cancel()
    return recorder.events.map(\.description)
  }

  private func run(_ timer: ModelTimer, script: [TimedStep]) -> [String] {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = TimedRecorder(scheduler: scheduler)
    timer.apply(subject, scheduler).subscribe(recorder)
    for step in script {
      switch step {
      case .send(let value): subject.send(value)
      case .advance(let ticks): scheduler.advance(by: .seconds(ticks))
      case .finish: subject.send(completion: .finished)
      case .fail: subject.send(completion: .failure(.oops))
      case .cancel: recorder.cancel()
      }
    }
    scheduler.advance(by: .seconds(TimedModel.flushTicks))
    recorder.cancel()
    return recorder.events
  }
}

// MARK: - Combining: scripts and model

/// How the two subjects are combined; every output is turned into text for the recorder.
enum ModelCombiner: CaseIterable, CustomStringConvertible, Sendable {
  case merge, combineLatest, zip

  static func random(using random: inout SeededRandom) -> Self {
    allCases[Int.random(in: 0..<allCases.count, using: &random)]
  }

  var description: String {
    switch self {
    case .merge: return "merge"
    case .combineLatest: return "combineLatest"
    case .zip: return "zip"
    }
  }

  func apply(
    _ left: PassthroughSubject<Int, TestError>, _ right: PassthroughSubject<Int, TestError>
  ) -> AnyPublisher<String, TestError> {
    switch self {
    case .merge: return left.merge(with: right).map { "\($0)" }.eraseToAnyPublisher()
    case .combineLatest: return left.combineLatest(right).map { "\($0),\($1)" }.eraseToAnyPublisher()
    case .zip: return left.zip(right).map { "\($0),\($1)" }.eraseToAnyPublisher()
    }
  }
}

/// One thing a two-sided script does: a side sends or completes, the subscriber requests or cancels.
enum TwoSidedStep: CustomStringConvertible, Sendable {
  case send(side: Int, Int)
  case request(Int)
  case finish(side: Int)
  case fail(side: Int)
  case cancel

  static func random(using random: inout SeededRandom) -> Self {
    let side = Int.random(in: 0...1, using: &random)
    switch Int.random(in: 0..<40, using: &random) {
    case 0..<3: return .finish(side: side)
    case 3: return .fail(side: side)
    case 4: return .cancel
    case 5..<12: return .request(Int.random(in: 1...3, using: &random))
    // The sides send from different ranges, so that a merged value shows where it came from.
    default: return .send(side: side, side * 10 + Int.random(in: 0...6, using: &random))
    }
  }

  var description: String {
    switch self {
    case .send(let side, let value): return "send\(side)(\(value))"
    case .request(let count): return "request(\(count))"
    case .finish(let side): return "finish\(side)"
    case .fail(let side): return "fail\(side)"
    case .cancel: return "cancel"
    }
  }
}

/// What a subscriber of `merge`, `combineLatest` or `zip` over two `PassthroughSubject`s sees, as
/// pure functions.
///
/// A subject delivers a value only while its subscriber (the combining operator) has demand from
/// it, and drops it otherwise. `merge` asks each side for one value at a time and buffers what the
/// downstream has not asked for; `combineLatest` and `zip` ask each side for everything the
/// downstream asked for. `combineLatest` drops a combination made without demand but keeps the
/// latest values; `zip` queues values until the other side has one at the same position. Any
/// failure ends the stream at once; `merge` and `combineLatest` finish when both sides have, `zip`
/// when a finished side has nothing queued.
enum CombiningModel {
  struct State {
    var demand: ModelDemand
    /// What each subject may still deliver to the operator.
    var sideDemand: [ModelDemand]
    var finished = [false, false]
    var ended = false
    var events = ["subscription"]
    /// `merge`: values the downstream has not asked for yet, with their side.
    var mergeQueue: [(side: Int, value: Int)] = []
    /// `combineLatest`: each side's latest value.
    var latest: [Int?] = [nil, nil]
    /// `zip`: each side's values not yet paired.
    var zipQueues: [[Int]] = [[], []]
  }

  static func events(_ combiner: ModelCombiner, initialDemand: ModelDemand, script: [TwoSidedStep]) -> [String] {
    var state = State(demand: initialDemand, sideDemand: [.max(0), .max(0)])
    switch combiner {
    case .merge:
      // Each side is asked for one value, or for everything when the downstream wants everything.
      state.sideDemand = initialDemand.isUnlimited ? [.unlimited, .unlimited] : [.max(1), .max(1)]
    case .combineLatest, .zip:
      state.sideDemand = [initialDemand, initialDemand]
    }
    for step in script where !state.ended { state = apply(step, to: state, combiner) }
    return state.events
  }

  static func apply(_ step: TwoSidedStep, to state: State, _ combiner: ModelCombiner) -> State {
    var next = state
    switch step {
    case .send(let side, let value):
      guard !next.finished[side], next.sideDemand[side].take() else { return state }
      switch combiner {
      case .merge:
        next.mergeQueue.append((side, value))
        drainMerge(&next)
      case .combineLatest:
        next.latest[side] = value
        if let left = next.latest[0], let right = next.latest[1], next.demand.take() {
          next.events.append("value(\(left),\(right))")
        }
      case .zip:
        next.zipQueues[side].append(value)
        drainZip(&next)
      }
    case .request(let count):
      next.demand.add(count)
      switch combiner {
      case .merge:
        if next.demand.isUnlimited {
          for side in 0...1 where !next.finished[side] { next.sideDemand[side] = .unlimited }
        }
        drainMerge(&next)
      case .combineLatest:
        for side in 0...1 where !next.finished[side] { next.sideDemand[side].add(count) }
      case .zip:
        for side in 0...1 where !next.finished[side] { next.sideDemand[side].add(count) }
        drainZip(&next)
      }
    case .finish(let side):
      guard !next.finished[side] else { return state }
      next.finished[side] = true
      switch combiner {
      case .merge: finishIfExhausted(&next, next.mergeQueue.isEmpty && next.finished == [true, true])
      case .combineLatest: finishIfExhausted(&next, next.finished == [true, true])
      case .zip: finishIfExhausted(&next, zipIsExhausted(next))
      }
    case .fail(let side):
      guard !next.finished[side] else { return state }
      next.events.append("failure(oops)")
      next.ended = true
    case .cancel:
      next.ended = true
    }
    return next
  }

  /// Delivers `merge`'s queued values while there is demand; each delivered value's side (if it has
  /// not finished) is asked for one more, unless it already sends everything.
  static func drainMerge(_ state: inout State) {
    while !state.mergeQueue.isEmpty, state.demand.take() {
      let (side, value) = state.mergeQueue.removeFirst()
      state.events.append("value(\(value))")
      if !state.finished[side], !state.demand.isUnlimited { state.sideDemand[side].add(1) }
    }
    finishIfExhausted(&state, state.mergeQueue.isEmpty && state.finished == [true, true])
  }

  /// Delivers `zip`'s pairs while there is demand, then finishes if a finished side ran dry.
  static func drainZip(_ state: inout State) {
    var delivered = false
    while !state.zipQueues[0].isEmpty, !state.zipQueues[1].isEmpty, state.demand.take() {
      let pair = (state.zipQueues[0].removeFirst(), state.zipQueues[1].removeFirst())
      state.events.append("value(\(pair.0),\(pair.1))")
      delivered = true
    }
    if delivered { finishIfExhausted(&state, zipIsExhausted(state)) }
  }

  static func zipIsExhausted(_ state: State) -> Bool {
    (0...1).contains { state.finished[$0] && state.zipQueues[$0].isEmpty }
  }

  static func finishIfExhausted(_ state: inout State, _ exhausted: Bool) {
    guard exhausted, !state.ended else { return }
    state.events.append("finished")
    state.ended = true
  }
}

extension ModelDemand {
  var isUnlimited: Bool {
    if case .unlimited = self { return true }
    return false
  }

  /// Uses one unit of demand; returns whether there was one.
  mutating func take() -> Bool {
    switch self {
    case .unlimited: return true
    case .max(let count):
      guard count > 0 else { return false }
      self = .max(count - 1)
      return true
    }
  }

  mutating func add(_ count: Int) {
    if case .max(let outstanding) = self { self = .max(outstanding + count) }
  }
}

// MARK: - Time: scripts and model

/// A time-based operator on a ``TestScheduler``, with its interval in ticks of one second.
enum ModelTimer: CustomStringConvertible, Sendable {
  case debounce(ticks: Int)
  case throttle(ticks: Int, latest: Bool)
  case delay(ticks: Int)

  static func random(using random: inout SeededRandom) -> Self {
    let ticks = Int.random(in: 1...3, using: &random)
    switch Int.random(in: 0..<3, using: &random) {
    case 0: return .debounce(ticks: ticks)
    case 1: return .throttle(ticks: ticks, latest: Bool.random(using: &random))
    default: return .delay(ticks: ticks)
    }
  }

  var description: String {
    switch self {
    case .debounce(let ticks): return "debounce(\(ticks))"
    case .throttle(let ticks, let latest): return "throttle(\(ticks), latest: \(latest))"
    case .delay(let ticks): return "delay(\(ticks))"
    }
  }

  func apply(
    _ upstream: PassthroughSubject<Int, TestError>, _ scheduler: TestScheduler
  ) -> AnyPublisher<
    Int, TestError
  > {
    switch self {
    case .debounce(let ticks):
      return upstream.debounce(for: .seconds(ticks), scheduler: scheduler).eraseToAnyPublisher()
    case .throttle(let ticks, let latest):
      return upstream.throttle(for: .seconds(ticks), scheduler: scheduler, latest: latest).eraseToAnyPublisher()
    case .delay(let ticks):
      return upstream.delay(for: .seconds(ticks), scheduler: scheduler).eraseToAnyPublisher()
    }
  }
}

/// One thing a timed script does: the subject sends or completes, the clock moves, or the
/// subscriber cancels.
enum TimedStep: CustomStringConvertible, Sendable {
  case send(Int)
  case advance(Int)
  case finish
  case fail
  case cancel

  static func random(using random: inout SeededRandom) -> Self {
    switch Int.random(in: 0..<40, using: &random) {
    case 0: return .finish
    case 1: return .fail
    case 2: return .cancel
    case 3..<18: return .advance(Int.random(in: 0...3, using: &random))
    default: return .send(Int.random(in: 0...9, using: &random))
    }
  }

  var description: String {
    switch self {
    case .send(let value): return "send(\(value))"
    case .advance(let ticks): return "advance(\(ticks))"
    case .finish: return "finish"
    case .fail: return "fail"
    case .cancel: return "cancel"
    }
  }
}

/// What a subscriber with unlimited demand sees from `debounce`, `throttle` or `delay` over a
/// `PassthroughSubject`, each event stamped with the virtual time it arrived at, as pure functions.
///
/// The model keeps its own queue of timed actions, run like the ``TestScheduler`` runs them: in
/// time order, ties in the order scheduled, the clock reading each action's due time.
/// - `debounce` waits `ticks` after each value, restarting on every new one, then sends the latest;
///   a completion drops the waiting value and is sent at once (on the next turn of the scheduler).
/// - `throttle` sends the first value at once, then at most one value per interval: the first or
///   the latest of those received meanwhile; a completion rides along after a waiting value.
/// - `delay` sends every value and the completion `ticks` later.
/// After a cancel, nothing more arrives.
enum TimedModel {
  /// How far the clock moves after the script, so that everything scheduled has run.
  static let flushTicks = 10

  enum Job {
    case debounceDue(generation: Int)
    case debounceCompletion(String)
    case throttleDue
    case delayedValue(Int)
    case delayedCompletion(String)
  }

  struct State {
    var now = 0
    var jobs: [(due: Int, sequence: Int, job: Job)] = []
    var nextSequence = 0
    var events = ["subscription@0"]
    /// The operator still takes events from upstream.
    var isSubscribed = true
    /// The upstream subject has completed: it sends nothing more.
    var upstreamCompleted = false
    var cancelled = false
    var generation = 0
    var pendingValue: Int?
    var pendingCompletion: String?
    var isEmissionScheduled = false
    var lastEmission: Int?
    /// `throttle` or `delay`: a completion is on its way.
    var isCompleting = false
    var completionOutlivesCancel = false

    mutating func schedule(_ job: Job, at due: Int) {
      jobs.append((due, nextSequence, job))
      nextSequence += 1
    }

    mutating func emit(_ event: String) {
      if !cancelled { events.append("\(event)@\(now)") }
    }
  }

  /// The events the subscriber sees. With `completionOutlivesCancel`, the model instead follows
  /// today's `debounce`, which still delivers a completion it scheduled before the cancel.
  static func events(_ timer: ModelTimer, script: [TimedStep], completionOutlivesCancel: Bool = false) -> [String] {
    var state = State()
    state.completionOutlivesCancel = completionOutlivesCancel
    for step in script { apply(step, to: &state, timer) }
    advance(by: flushTicks, &state, timer)
    return state.events
  }

  static func apply(_ step: TimedStep, to state: inout State, _ timer: ModelTimer) {
    switch step {
    case .send(let value):
      guard !state.upstreamCompleted, !state.cancelled, state.isSubscribed else { return }
      receive(value, &state, timer)
    case .advance(let ticks):
      advance(by: ticks, &state, timer)
    case .finish, .fail:
      guard !state.upstreamCompleted else { return }
      state.upstreamCompleted = true
      guard !state.cancelled, state.isSubscribed else { return }
      receive(completion: step.isFinish ? "finished" : "failure(oops)", &state, timer)
    case .cancel:
      state.cancelled = true
      state.isSubscribed = false
      state.pendingValue = nil
      state.pendingCompletion = nil
    }
  }

  static func receive(_ value: Int, _ state: inout State, _ timer: ModelTimer) {
    switch timer {
    case .debounce(let ticks):
      state.generation += 1
      state.pendingValue = value
      state.schedule(.debounceDue(generation: state.generation), at: state.now + ticks)
    case .throttle(let ticks, let latest):
      if state.isEmissionScheduled {
        if latest { state.pendingValue = value }
        return
      }
      state.pendingValue = value
      state.isEmissionScheduled = true
      if let last = state.lastEmission, last + ticks > state.now {
        state.schedule(.throttleDue, at: last + ticks)
      } else {
        state.schedule(.throttleDue, at: state.now)
      }
    case .delay(let ticks):
      state.schedule(.delayedValue(value), at: state.now + ticks)
    }
  }

  static func receive(completion: String, _ state: inout State, _ timer: ModelTimer) {
    state.isSubscribed = false
    switch timer {
    case .debounce:
      state.pendingValue = nil
      state.schedule(.debounceCompletion(completion), at: state.now)
    case .throttle:
      state.isCompleting = true
      state.pendingCompletion = completion
      if !state.isEmissionScheduled {
        state.isEmissionScheduled = true
        state.schedule(.throttleDue, at: state.now)
      }
    case .delay(let ticks):
      state.isCompleting = true
      state.schedule(.delayedCompletion(completion), at: state.now + ticks)
    }
  }

  static func advance(by ticks: Int, _ state: inout State, _ timer: ModelTimer) {
    let target = state.now + ticks
    while let index = state.jobs.indices.filter({ state.jobs[$0].due <= target }).min(by: {
      (state.jobs[$0].due, state.jobs[$0].sequence) < (state.jobs[$1].due, state.jobs[$1].sequence)
    }) {
      let (due, _, job) = state.jobs.remove(at: index)
      state.now = max(state.now, due)
      run(job, &state)
    }
    state.now = target
  }

  static func run(_ job: Job, _ state: inout State) {
    switch job {
    case .debounceDue(let generation):
      guard state.isSubscribed, generation == state.generation, let value = state.pendingValue else { return }
      state.pendingValue = nil
      state.emit("value(\(value))")
    case .debounceCompletion(let completion):
      if state.completionOutlivesCancel && state.cancelled {
        state.events.append("\(completion)@\(state.now)")
      } else {
        state.emit(completion)
      }
    case .throttleDue:
      guard !state.cancelled, state.isSubscribed || state.isCompleting else { return }
      let value = state.pendingValue
      let completion = state.pendingCompletion
      state.pendingValue = nil
      state.pendingCompletion = nil
      state.isEmissionScheduled = false
      if let value {
        state.lastEmission = state.now
        state.emit("value(\(value))")
      }
      if let completion {
        state.isCompleting = false
        state.emit(completion)
      }
    case .delayedValue(let value):
      guard !state.cancelled else { return }
      state.emit("value(\(value))")
    case .delayedCompletion(let completion):
      guard !state.cancelled, state.isCompleting else { return }
      state.isCompleting = false
      state.emit(completion)
    }
  }
}

extension TimedStep {
  var isFinish: Bool {
    if case .finish = self { return true }
    return false
  }
}

/// A subscriber with unlimited demand that stamps every event with the scheduler's clock, in
/// whole seconds: `value(3)@2`.
private final class TimedRecorder: Subscriber, Cancellable, @unchecked Sendable {
  typealias Input = Int
  typealias Failure = TestError

  private let scheduler: TestScheduler
  private let state = Locked<(events: [String], subscription: (any Subscription)?)>(([], nil))

  init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  var events: [String] { state.withLock { $0.events } }

  private func record(_ event: String) {
    let seconds = scheduler.now.nanoseconds / 1_000_000_000
    state.withLock { $0.events.append("\(event)@\(seconds)") }
  }

  func receive(subscription: any Subscription) {
    record("subscription")
    state.withLock { $0.subscription = subscription }
    subscription.request(.unlimited)
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    record("value(\(input))")
    return .none
  }

  func receive(completion: Subscribers.Completion<TestError>) {
    record(completion.recordedText)
    let released = state.withLock { $0.subscription.take() }
    _ = released
  }

  func cancel() {
    let subscription = state.withLock { $0.subscription.take() }
    subscription?.cancel()
  }
}

extension Subscribers.Completion where Failure == TestError {
  fileprivate var recordedText: String {
    switch self {
    case .finished: return "finished"
    case .failure(let error): return "failure(\(error))"
    }
  }
}
