/// Wraps each value of `upstream` in an optional, without allocating per value.
@usableFromInline
struct OptionalLifting<Upstream: Publisher>: Publisher {
  @usableFromInline typealias Output = Upstream.Output?
  @usableFromInline typealias Failure = Upstream.Failure

  @usableFromInline let upstream: Upstream

  @inlinable
  init(upstream: Upstream) {
    self.upstream = upstream
  }

  @inlinable
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    upstream.subscribe(Inner(downstream: subscriber))
  }

  @usableFromInline
  struct Inner<Downstream: Subscriber>: Subscriber
  where Downstream.Input == Upstream.Output?, Downstream.Failure == Upstream.Failure {
    @usableFromInline let downstream: Downstream
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(downstream: Downstream) {
      self.downstream = downstream
    }

    @inlinable
    func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
    @inlinable
    func receive(_ input: Upstream.Output) -> Subscribers.Demand { downstream.receive(.some(input)) }
    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
  }
}

extension OptionalLifting.Inner: OwnedBindingSubscriber {
  /// The owner of the subscriber the values are lifted for.
  package var bindingOwner: AnyObject? { (downstream as? any OwnedBindingSubscriber)?.bindingOwner }
}
