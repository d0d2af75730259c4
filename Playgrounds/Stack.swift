import Bindings

/// A subscriber that asks for two values at a time, to show demand at work.
private final class TwoAtATime: Subscriber {
  typealias Input = Int
  typealias Failure = Never

  private var subscription: (any Subscription)?
  private var received = 0

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    print("  subscriber: got a subscription, requesting 2")
    subscription.request(.max(2))
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    received += 1
    print("  subscriber: received \(input)")
    if received == 2 {
      print("  subscriber: that is two; cancelling")
      subscription?.cancel()
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    print("  subscriber: completion \(completion)")
  }
}

func tourStack() {
  print("A publisher delivers only what its subscriber asks for.")
  let subject = PassthroughSubject<Int, Never>()
  subject.subscribe(TwoAtATime())
  for value in 1...4 {
    print("  send(\(value))")
    subject.send(value)
  }

  print("sink asks for everything and hands each value to a closure; its token cancels on deinit.")
  var token: AnyCancellable? = subject.sink { print("  sink: \($0)") }
  subject.send(10)
  token = nil
  subject.send(11)
  print("  (11 was not printed: dropping the token cancelled the subscription)")
  _ = token
}
