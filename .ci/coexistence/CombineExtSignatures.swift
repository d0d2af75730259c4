// The public names CombineExt 1.9.0 declares in Combine's namespaces (and at the top level), with their
// signatures, built as a module of its own against Bindings. `.ci/diagnostics` type-checks `UsesBoth.swift`,
// which imports this module beside Bindings and calls every one of these names and every Bindings extra
// that plays the same role: a Bindings name that collides with one of these fails CI there, without
// fetching CombineExt. Only the signatures matter; no body here ever runs.
import Bindings

private func signatureOnly() -> Never { fatalError("signature fixture: never called") }

// Top-level types.

public enum ObjectOwnership { case strong, weak, unowned }
public enum PrefixWhileBehavior { case inclusive, exclusive }

public enum Event<Output, Failure: Error> {
  case value(Output)
  case failure(Failure)
  case finished
}

public protocol EventConvertible {
  associatedtype Output
  associatedtype Failure: Error
  var event: Event<Output, Failure> { get }
}

extension Event: EventConvertible {
  public var event: Event<Output, Failure> { self }
}

public protocol Relay: Publisher where Failure == Never {
  func accept(_ value: Output)
  func subscribe<P: Publisher>(_ publisher: P) -> AnyCancellable where P.Failure == Failure, P.Output == Output
}

extension Relay where Output == Void {
  public func accept() { accept(()) }
}

public final class PassthroughRelay<Output>: Relay {
  public typealias Failure = Never
  public init() {}
  public func accept(_ value: Output) { signatureOnly() }
  public func subscribe<P: Publisher>(_ publisher: P) -> AnyCancellable where P.Failure == Never, P.Output == Output {
    signatureOnly()
  }
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never { signatureOnly() }
}

public final class CurrentValueRelay<Output>: Relay {
  public typealias Failure = Never
  public var value: Output { signatureOnly() }
  public init(_ value: Output) {}
  public func accept(_ value: Output) { signatureOnly() }
  public func subscribe<P: Publisher>(_ publisher: P) -> AnyCancellable where P.Failure == Never, P.Output == Output {
    signatureOnly()
  }
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never { signatureOnly() }
}

public final class ReplaySubject<Output, Failure: Error>: Subject {
  public init(bufferSize: Int) {}
  public func send(_ value: Output) { signatureOnly() }
  public func send(completion: Subscribers.Completion<Failure>) { signatureOnly() }
  public func send(subscription: any Subscription) { signatureOnly() }
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure { signatureOnly() }
}

// `Publishers` members.

extension Publishers {
  public struct Create<Output, Failure: Error>: Publisher {
    public typealias SubscriberHandler = (Subscriber) -> any Cancellable
    public init(factory: @escaping SubscriberHandler) {}
    public func receive<S: Bindings.Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      signatureOnly()
    }
    public struct Subscriber {
      public func send(_ input: Output) { signatureOnly() }
      public func send(completion: Subscribers.Completion<Failure>) { signatureOnly() }
    }
  }

  public struct Materialize<Upstream: Publisher>: Publisher {
    public typealias Output = Event<Upstream.Output, Upstream.Failure>
    public typealias Failure = Never
    public init(upstream: Upstream) {}
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure { signatureOnly() }
  }

  public struct Dematerialize<Upstream: Publisher>: Publisher where Upstream.Output: EventConvertible {
    public typealias Output = Upstream.Output.Output
    public typealias Failure = Upstream.Output.Failure
    public init(upstream: Upstream) {}
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure { signatureOnly() }
  }

  public struct Enumerated<Upstream: Publisher>: Publisher {
    public typealias Output = (offset: Int, element: Upstream.Output)
    public typealias Failure = Upstream.Failure
    public init(upstream: Upstream, initial: Int = 0) {}
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure { signatureOnly() }
  }

  public struct Amb<First: Publisher, Second: Publisher>: Publisher
  where First.Output == Second.Output, First.Failure == Second.Failure {
    public typealias Output = First.Output
    public typealias Failure = First.Failure
    public init(first: First, second: Second) {}
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure { signatureOnly() }
  }

  public struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
  where Upstream.Failure == Other.Failure {
    public typealias Failure = Upstream.Failure
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure { signatureOnly() }
  }

  public class RetryWhen<Upstream: Publisher, RetryTrigger: Publisher, Output, Failure>: Publisher
  where Upstream.Output == Output, Upstream.Failure == Failure {
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure { signatureOnly() }
  }
}

extension AnyPublisher {
  public init(_ factory: @escaping Publishers.Create<Output, Failure>.SubscriberHandler) { signatureOnly() }
  public static func create(
    _ factory: @escaping Publishers.Create<Output, Failure>.SubscriberHandler
  ) -> AnyPublisher<Output, Failure> { signatureOnly() }
}

// `Publisher` members.

extension Publisher where Failure == Never {
  public func assign<Root: AnyObject>(
    to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root, ownership: ObjectOwnership = .strong
  ) -> AnyCancellable { signatureOnly() }

  public func assign<Root1: AnyObject, Root2: AnyObject>(
    to keyPath1: ReferenceWritableKeyPath<Root1, Output>, on object1: Root1,
    and keyPath2: ReferenceWritableKeyPath<Root2, Output>, on object2: Root2,
    ownership: ObjectOwnership = .strong
  ) -> AnyCancellable { signatureOnly() }

  public func assign<Root1, Root2>(
    to keyPath1: ReferenceWritableKeyPath<Root1, Output>, on object1: Root1,
    and keyPath2: ReferenceWritableKeyPath<Root2, Output>, on object2: Root2
  ) -> AnyCancellable { signatureOnly() }

  public func subscribe<R: Relay>(_ relay: R) -> AnyCancellable where R.Output == Output { signatureOnly() }
}

extension Publisher {
  public func share(
    replay count: Int
  )
    -> Publishers.Autoconnect<
      Publishers.Multicast<Self, ReplaySubject<Output, Failure>>
    >
  { signatureOnly() }

  public func flatMapLatest<P: Publisher>(
    _ transform: @escaping (Output) -> P
  ) -> Publishers.SwitchToLatest<P, Publishers.Map<Self, P>> { signatureOnly() }

  public func flatMapFirst<P: Publisher>(
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where Failure == P.Failure { signatureOnly() }

  public func withLatestFrom<Other: Publisher, Result>(
    _ other: Other, resultSelector: @escaping (Output, Other.Output) -> Result
  ) -> Publishers.WithLatestFrom<Self, Other, Result> { signatureOnly() }

  public func withLatestFrom<Other: Publisher>(_ other: Other) -> Publishers.WithLatestFrom<Self, Other, Other.Output> {
    signatureOnly()
  }

  public func combineLatest<Other: Publisher>(with others: Other...) -> AnyPublisher<[Output], Failure>
  where Other.Output == Output, Other.Failure == Failure { signatureOnly() }

  public func zip<Other: Publisher>(with others: Other...) -> AnyPublisher<[Output], Failure>
  where Other.Output == Output, Other.Failure == Failure { signatureOnly() }

  public func amb<Other: Publisher>(_ other: Other) -> Publishers.Amb<Self, Other>
  where Other.Output == Output, Other.Failure == Failure { signatureOnly() }

  public func materialize() -> Publishers.Materialize<Self> { signatureOnly() }
  public func enumerated(initial: Int = 0) -> Publishers.Enumerated<Self> { signatureOnly() }
  public func mapToValue<Value>(_ value: Value) -> Publishers.Map<Self, Value> { signatureOnly() }
  public func mapToVoid() -> Publishers.Map<Self, Void> { signatureOnly() }
  public func mapToResult() -> AnyPublisher<Result<Output, Failure>, Never> { signatureOnly() }
  public func nwise(_ size: Int) -> AnyPublisher<[Output], Failure> { signatureOnly() }
  public func pairwise() -> AnyPublisher<(Output, Output), Failure> { signatureOnly() }
  public func ignoreFailure(completeImmediately: Bool = true) -> AnyPublisher<Output, Never> { signatureOnly() }
  public func ignoreOutput<NewOutput>(
    setOutputType: NewOutput.Type
  ) -> Publishers.Map<Publishers.IgnoreOutput<Self>, NewOutput> { signatureOnly() }
  public func partition(
    _ predicate: @escaping (Output) -> Bool
  ) -> (matches: AnyPublisher<Output, Failure>, nonMatches: AnyPublisher<Output, Failure>) { signatureOnly() }
  public func prefix(
    while predicate: @escaping (Output) -> Bool, behavior: PrefixWhileBehavior = .exclusive
  ) -> AnyPublisher<Output, Failure> { signatureOnly() }
  public func prefix<S: Scheduler>(
    duration: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil, on scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> AnyPublisher<Output, Failure> { signatureOnly() }
  public func retryWhen<RetryTrigger: Publisher>(
    _ errorTrigger: @escaping (AnyPublisher<Failure, Never>) -> RetryTrigger
  ) -> Publishers.RetryWhen<Self, RetryTrigger, Output, Failure> { signatureOnly() }
  public func removeAllDuplicates(by comparator: @escaping (Output, Output) -> Bool) -> Publishers.Filter<Self> {
    signatureOnly()
  }
}

extension Publisher where Output: Equatable {
  public func removeAllDuplicates() -> Publishers.Filter<Self> { signatureOnly() }
}

extension Publisher where Output == Bool {
  public func toggle() -> Publishers.Map<Self, Bool> { signatureOnly() }
}

extension Publisher where Output == Never {
  public func setOutputType<NewOutput>(to outputType: NewOutput.Type) -> Publishers.Map<Self, NewOutput> {
    signatureOnly()
  }
}

extension Publisher where Output: Collection {
  public func mapMany<Result>(_ transform: @escaping (Output.Element) -> Result) -> Publishers.Map<Self, [Result]> {
    signatureOnly()
  }
  public func filterMany(_ isIncluded: @escaping (Output.Element) -> Bool) -> AnyPublisher<[Output.Element], Failure> {
    signatureOnly()
  }
}

extension Publisher where Output: EventConvertible, Failure == Never {
  public func dematerialize() -> Publishers.Dematerialize<Self> { signatureOnly() }
  public func values() -> AnyPublisher<Output.Output, Never> { signatureOnly() }
  public func failures() -> AnyPublisher<Output.Failure, Never> { signatureOnly() }
}

// `Collection` of publishers.

extension Collection where Element: Publisher {
  public func combineLatest() -> AnyPublisher<[Element.Output], Element.Failure> { signatureOnly() }
  public func zip() -> AnyPublisher<[Element.Output], Element.Failure> { signatureOnly() }
  public func merge() -> AnyPublisher<Element.Output, Element.Failure> { signatureOnly() }
  public func amb() -> AnyPublisher<Element.Output, Element.Failure> { signatureOnly() }
  public func flatMapBatches(of size: Int) -> AnyPublisher<[Element.Output], Element.Failure> { signatureOnly() }
}

// `Optional`: CombineExt's back-deployment of Combine's own `publisher` (a Combine name Bindings keeps; see
// UsesBoth.swift).

extension Optional {
  public var publisher: Optional.Publisher { signatureOnly() }
}
