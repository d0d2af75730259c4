import BindingsTesting
import Testing

@testable import Bindings

/// Random operator pipelines fed random scripts, compared event by event with a reference model
/// written as pure functions. Seeded: a failure prints its seed, and `BINDINGS_SEED=<seed>` replays
/// exactly that run.
@Suite("Conformance: random pipelines against a reference model", .releasesEveryObject)
struct RandomPipelineConformanceTests {
  @Test("random pipelines of value operators match the model under random values, demand, completion and cancel")
  func randomPipelines() {
    let seed = TestSeed("random pipelines")
    var random = seed.generator()
    for round in 0..<stressCount(300) {
      let operators = (0..<Int.random(in: 0...4, using: &random)).map { _ in ModelOperator.random(using: &random) }
      let initialDemand = ModelDemand.random(using: &random)
      let script = (0..<Int.random(in: 0...30, using: &random)).map { _ in ScriptStep.random(using: &random) }
      let expected = ReferenceModel.events(operators: operators, initialDemand: initialDemand, script: script)
      let actual = run(operators: operators, initialDemand: initialDemand, script: script)
      #expect(
        actual == expected,
        "round \(round): \(operators) with demand \(initialDemand), script \(script) — \(seed)")
      if actual != expected { return }
    }
  }

  private func run(operators: [ModelOperator], initialDemand: ModelDemand, script: [ScriptStep]) -> [String] {
    let subject = PassthroughSubject<Int, TestError>()
    var pipeline = subject.eraseToAnyPublisher()
    for op in operators { pipeline = op.apply(to: pipeline) }
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: initialDemand.demand)
    pipeline.subscribe(recorder)
    for step in script {
      switch step {
      case .send(let value): subject.send(value)
      case .request(let count): recorder.request(.max(count))
      case .finish: subject.send(completion: .finished)
      case .fail: subject.send(completion: .failure(.oops))
      case .cancel: recorder.cancel()
      }
    }
    recorder.cancel()
    return recorder.events.map(\.description)
  }
}

// MARK: - The model

/// A value operator the model knows.
enum ModelOperator: CustomStringConvertible, Sendable {
  case map(add: Int)
  case filter(divisibleBy: Int)
  case compactMap(droppingMultiplesOf: Int)
  case removeDuplicates
  case scan
  case dropFirst(Int)

  static func random(using random: inout SeededRandom) -> Self {
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return .map(add: Int.random(in: -3...3, using: &random))
    case 1: return .filter(divisibleBy: Int.random(in: 1...3, using: &random))
    case 2: return .compactMap(droppingMultiplesOf: Int.random(in: 2...4, using: &random))
    case 3: return .removeDuplicates
    case 4: return .scan
    default: return .dropFirst(Int.random(in: 0...3, using: &random))
    }
  }

  var description: String {
    switch self {
    case .map(let add): return "map(+\(add))"
    case .filter(let divisor): return "filter(%\(divisor))"
    case .compactMap(let divisor): return "compactMap(drop %\(divisor))"
    case .removeDuplicates: return "removeDuplicates"
    case .scan: return "scan(+)"
    case .dropFirst(let count): return "dropFirst(\(count))"
    }
  }

  func apply(to upstream: AnyPublisher<Int, TestError>) -> AnyPublisher<Int, TestError> {
    switch self {
    case .map(let add): return upstream.map { $0 + add }.eraseToAnyPublisher()
    case .filter(let divisor): return upstream.filter { $0 % divisor == 0 }.eraseToAnyPublisher()
    case .compactMap(let divisor):
      return upstream.compactMap { $0 % divisor == 0 ? nil : $0 }.eraseToAnyPublisher()
    case .removeDuplicates: return upstream.removeDuplicates().eraseToAnyPublisher()
    case .scan: return upstream.scan(0, +).eraseToAnyPublisher()
    case .dropFirst(let count): return upstream.dropFirst(count).eraseToAnyPublisher()
    }
  }
}

/// The subscriber's first request.
enum ModelDemand: CustomStringConvertible, Sendable {
  case unlimited
  case max(Int)

  static func random(using random: inout SeededRandom) -> Self {
    Bool.random(using: &random) ? .unlimited : .max(Int.random(in: 0...5, using: &random))
  }

  var demand: Subscribers.Demand {
    switch self {
    case .unlimited: return .unlimited
    case .max(let count): return .max(count)
    }
  }

  var description: String { "\(demand)" }
}

/// One thing the script does: the upstream sends or completes, the subscriber requests or cancels.
enum ScriptStep: CustomStringConvertible, Sendable {
  case send(Int)
  case request(Int)
  case finish
  case fail
  case cancel

  static func random(using random: inout SeededRandom) -> Self {
    switch Int.random(in: 0..<40, using: &random) {
    case 0: return .finish
    case 1: return .fail
    case 2: return .cancel
    case 3..<10: return .request(Int.random(in: 1...3, using: &random))
    default: return .send(Int.random(in: 0...6, using: &random))
    }
  }

  var description: String {
    switch self {
    case .send(let value): return "send(\(value))"
    case .request(let count): return "request(\(count))"
    case .finish: return "finish"
    case .fail: return "fail"
    case .cancel: return "cancel"
    }
  }
}

/// What a subscriber at the end of a pipeline over a `PassthroughSubject` sees, as pure functions.
///
/// The subject delivers a value only while it has demand, and drops it otherwise. Its demand is the
/// subscriber's outstanding demand plus what each `dropFirst` still has to drop (it asked for that
/// much extra on subscription); operators that drop a value ask for a replacement, so a dropped
/// value leaves the demand as it was. A completion ends the stream; a cancel ends it silently.
enum ReferenceModel {
  struct State {
    var demand: ModelDemand
    var operatorStates: [OperatorState]
    var ended = false
    var events = ["subscription"]
  }

  enum OperatorState {
    case stateless
    case previous(Int?)
    case accumulated(Int)
    case remainingToDrop(Int)
  }

  static func events(operators: [ModelOperator], initialDemand: ModelDemand, script: [ScriptStep]) -> [String] {
    var state = State(demand: initialDemand, operatorStates: operators.map(initialState))
    for step in script { state = apply(step, to: state, operators: operators) }
    return state.events
  }

  static func initialState(of op: ModelOperator) -> OperatorState {
    switch op {
    case .removeDuplicates: return .previous(nil)
    case .scan: return .accumulated(0)
    case .dropFirst(let count): return .remainingToDrop(count)
    case .map, .filter, .compactMap: return .stateless
    }
  }

  static func subjectHasDemand(_ state: State) -> Bool {
    let stillToDrop = state.operatorStates.reduce(0) { total, op in
      if case .remainingToDrop(let count) = op { return total + count }
      return total
    }
    switch state.demand {
    case .unlimited: return true
    case .max(let count): return count + stillToDrop > 0
    }
  }

  static func apply(_ step: ScriptStep, to state: State, operators: [ModelOperator]) -> State {
    guard !state.ended else { return state }
    var next = state
    switch step {
    case .send(let value):
      guard subjectHasDemand(state) else { return state }
      var current: Int? = value
      for index in operators.indices {
        guard let input = current else { break }
        (current, next.operatorStates[index]) = transform(operators[index], next.operatorStates[index], input)
      }
      if let output = current {
        next.events.append("value(\(output))")
        if case .max(let count) = next.demand { next.demand = .max(count - 1) }
      }
    case .request(let count):
      if case .max(let outstanding) = next.demand { next.demand = .max(outstanding + count) }
    case .finish:
      next.events.append("finished")
      next.ended = true
    case .fail:
      next.events.append("failure(oops)")
      next.ended = true
    case .cancel:
      next.ended = true
    }
    return next
  }

  /// One operator's answer to one value: what it passes on (`nil` drops it) and its next state.
  static func transform(_ op: ModelOperator, _ state: OperatorState, _ input: Int) -> (Int?, OperatorState) {
    switch (op, state) {
    case (.map(let add), _): return (input + add, state)
    case (.filter(let divisor), _): return (input % divisor == 0 ? input : nil, state)
    case (.compactMap(let divisor), _): return (input % divisor == 0 ? nil : input, state)
    case (.removeDuplicates, .previous(let previous)):
      return previous == input ? (nil, state) : (input, .previous(input))
    case (.scan, .accumulated(let total)): return (total + input, .accumulated(total + input))
    case (.dropFirst, .remainingToDrop(let remaining)):
      return remaining > 0 ? (nil, .remainingToDrop(remaining - 1)) : (input, state)
    default: preconditionFailure("operator \(op) with state \(state)")
    }
  }
}
