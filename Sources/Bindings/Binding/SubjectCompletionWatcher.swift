/// Subscribes to the subject of a forwarding binding without asking for values, and ends the
/// binding when the subject completes.
struct SubjectCompletionWatcher<Target: Subject>: Subscriber {
  typealias Input = Target.Output
  typealias Failure = Target.Failure

  let forwarder: SubjectBindingForwarder<Target>
  let combineIdentifier = CombineIdentifier()

  func receive(subscription: any Subscription) {
    forwarder.watchCompletion(subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand { .none }

  func receive(completion: Subscribers.Completion<Failure>) {
    forwarder.cancel()
  }
}
