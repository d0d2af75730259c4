// An app that imports Bindings beside a library with CombineExt's public names (CombineExtSignatures.swift),
// and uses both in one file. Every line must type-check: a Bindings declaration that makes one of these
// calls ambiguous is a clash an app would meet. Type-checked by `.ci/diagnostics`; never run.
import Bindings
import CombineExtSignatures

final class Screen {
  var title = ""
  var count = 0
  var tokens = Set<AnyCancellable>()
}

final class Model {
  @Published var name = "Ada"
}

@MainActor func usesBoth() {
  let screen = Screen()
  let subject = PassthroughSubject<Int, Never>()
  let failing = PassthroughSubject<Int, Error>()
  let texts = PassthroughSubject<String, Never>()
  let flags = PassthroughSubject<Bool, Never>()
  let lists = PassthroughSubject<[Int], Never>()
  let subjects = [subject, PassthroughSubject<Int, Never>()]

  // The extras of each library that play the same role, side by side.
  let created: AnyPublisher<Int, Never> = .create { subscriber in
    subscriber.send(1)
    return AnyCancellable {}
  }
  let produced = AnyPublisher<Int, Never>.producer { sender in
    sender.send(1)
    return AnyCancellable {}
  }
  let producedWithClosure = AnyPublisher<Int, Never>.producer { sender in
    sender.send(completion: .finished)
    return {}
  }
  let createType: Publishers.Create<Int, Never> = Publishers.Create { _ in AnyCancellable {} }
  let producerType = Publishers.Producer<Int, Never> { _ in AnyCancellable {} }
  let initialized = AnyPublisher<Int, Never> { _ in AnyCancellable {} }
  _ = (created, produced, producedWithClosure, createType, producerType, initialized)

  let replayedThere = subject.share(replay: 2)
  let replayedHere: Publishers.ShareReplay<PassthroughSubject<Int, Never>> = subject.share(replaying: 2)
  let shared = subject.share()
  _ = (replayedThere, replayedHere, shared)

  let latestThere = subjects.combineLatest()
  let latestHere = Publishers.CombineLatestMany(subjects)
  let latestWith = subject.combineLatest(with: subjects[1])
  let latestPair = subject.combineLatest(subjects[1])
  let latestFree = combineLatest(subject, subjects[1])
  _ = (latestThere, latestHere, latestWith, latestPair, latestFree)

  subject.assign(to: \.count, on: screen, ownership: .weak).store(in: &screen.tokens)
  subject.assign(to: \.count, on: screen, ownership: .unowned).store(in: &screen.tokens)
  subject.assign(to: \.count, onWeak: screen).store(in: &screen.tokens)
  subject.assign(to: \.count, on: screen).store(in: &screen.tokens)
  subject.assign(to: \.count, on: screen, and: \.count, on: screen).store(in: &screen.tokens)
  let ownership: ObjectOwnership = .strong
  _ = ownership

  let replaySubject = ReplaySubject<Int, Never>(bufferSize: 2)
  let replayingSubject = ReplayingSubject<Int, Never>(replaying: 2)
  replaySubject.send(1)
  replayingSubject.send(1)
  let subjectTypes: (ReplaySubject<Int, Never>, ReplayingSubject<Int, Never>) = (replaySubject, replayingSubject)
  _ = subjectTypes

  // CombineExt's other names, beside Combine's (and Bindings') spellings of nearby operators.
  _ = subject.flatMapLatest { _ in texts }
  _ = subject.map { _ in texts }.switchToLatest()
  _ = subject.flatMapFirst { _ in texts.map { _ in 0 } }
  _ = subject.flatMap { _ in texts }
  _ = subject.withLatestFrom(texts)
  _ = subject.withLatestFrom(texts) { number, text in "\(number)\(text)" }
  _ = subject.zip(with: subjects[1])
  _ = subject.zip(subjects[1])
  _ = subjects.zip()
  _ = subjects.merge()
  _ = Publishers.MergeMany(subjects)
  _ = subject.merge(with: subjects[1])
  _ = subjects.amb()
  _ = subject.amb(subjects[1])
  _ = subjects.flatMapBatches(of: 2)
  _ = subject.materialize().dematerialize()
  _ = subject.materialize().values()
  _ = failing.materialize().failures()
  _ = subject.enumerated()
  _ = subject.mapToValue("x")
  _ = subject.mapToVoid()
  _ = failing.mapToResult()
  _ = subject.nwise(2)
  _ = subject.pairwise()
  _ = failing.ignoreFailure()
  _ = subject.ignoreOutput(setOutputType: String.self)
  _ = subject.ignoreOutput()
  _ = subject.partition { $0 > 0 }
  _ = subject.prefix(while: { $0 < 3 }, behavior: .inclusive)
  _ = subject.prefix(while: { $0 < 3 })
  _ = subject.prefix(duration: .seconds(1), on: ImmediateScheduler.shared)
  _ = failing.retryWhen { errors in errors }
  _ = failing.retry(1)
  _ = subject.removeAllDuplicates()
  _ = subject.removeDuplicates()
  _ = flags.toggle()
  _ = Empty<Never, Never>().setOutputType(to: Int.self)
  _ = lists.mapMany { $0 + 1 }
  _ = lists.filterMany { $0 > 0 }
  // `Optional.publisher` is Combine's own name, which CombineExt back-deploys (obsoleted on Apple platforms
  // where Combine has it, available elsewhere): with both imported on Linux, `Optional(1).publisher` is
  // ambiguous, and `Optional.Publisher(1)` is the spelling that works.
  _ = Optional.Publisher(1)

  let relay = PassthroughRelay<Int>()
  let current = CurrentValueRelay<Int>(0)
  relay.accept(1)
  current.accept(current.value + 1)
  subject.subscribe(relay).store(in: &screen.tokens)
  subject.subscribe(PassthroughSubject<Int, Never>()).store(in: &screen.tokens)
  let event: Event<Int, Never> = .value(1)
  _ = event.event

  // Bindings' own extras beside them.
  let model = Model()
  let property = MutableProperty(1)
  _ = property.flatMapLatest { value in Property(value: value) }
  _ = model.$name.map { $0.count }
}
