import Synchronization

/// A subscriber that delivers each value to an owner it holds weakly, as `(owner, value)`.
///
/// ```swift
/// final class Greeter: BindingOwner {
///   let bindings = BindingBag()
///   func greet(_ name: String) { print("Hello, \(name)") }
/// }
/// let greeter = Greeter()
/// let names = PassthroughSubject<String, Never>()
/// names.subscribe(BindingSink(owner: greeter) { greeter, name in greeter.greet(name) })
/// names.send("Ada")   // prints "Hello, Ada"
/// ```
///
/// The sink never retains its owner. Once the owner is gone, the sink cancels its upstream the next
/// time it hears from it and delivers nothing more; the binding operators also keep the sink in the
/// owner's ``BindingBag``, so the owner's deallocation cancels the upstream at once.
///
/// It requests an unlimited number of values and never fails. Safe to use from any thread; values
/// are delivered on the thread that sends them, or through a scheduler when one is given.
public final class BindingSink<Owner: AnyObject, Input>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  /// A binding sink accepts only publishers that never fail.
  public typealias Failure = Never

  /// What the sink holds under its lock (see ``BindingSinkState``).
  @usableFromInline typealias State = BindingSinkState

  @usableFromInline let state: Locked<State>
  /// Hands values to ``receiveValue`` with no lock, and says when to empty it: once, when the
  /// binding has ended and no delivery runs. Deliveries overlap when a scheduler runs them
  /// concurrently; the hand-off counts them.
  @usableFromInline let handOff = DeliveryHandOff()
  /// Read by deliveries without the lock, and emptied once, as ``handOff`` decides.
  @usableFromInline @exclusivity(unchecked) var receiveValue: InPlaceClosure2<Owner, Input>
  // Written once, here, and read without the lock: a `let` needs no exclusivity check.
  @usableFromInline weak let owner: Owner?
  @usableFromInline let deliver: BindingDelivery?
  /// The bag the binding leaves when it ends. Written once, under the lock, before the state's
  /// registration id is set; read only by the thread that took that id, under the lock, out of the
  /// state. Kept here rather than in the state, so that ending a binding moves an id, not a weak
  /// reference (each move of one costs a call into the runtime).
  private weak var registeredBag: BindingBag?
  private let liveObject = LiveObjectToken("BindingSink")

  /// Creates a sink that calls `receiveValue` with the owner and each value while the owner lives.
  public init(owner: Owner, receiveValue: @escaping (Owner, Input) -> Void) {
    self.owner = owner
    self.state = Locked(State())
    self.receiveValue = InPlaceClosure2(receiveValue)
    self.deliver = nil
  }

  /// Creates a sink that calls `receiveValue` on `scheduler` with the owner and each value, while
  /// the owner lives.
  ///
  /// With ``MainThreadScheduler``, a value sent on the main thread is delivered at once and one sent
  /// elsewhere is delivered on the main queue.
  public init<S: Scheduler>(owner: Owner, scheduler: S, receiveValue: @escaping (Owner, Input) -> Void) {
    self.owner = owner
    self.state = Locked(State())
    self.receiveValue = InPlaceClosure2(receiveValue)
    self.deliver = BindingDelivery { scheduler.schedule($0) }
  }

  @usableFromInline
  init(owner: Owner, deliver: BindingDelivery?, receiveValue: @escaping (Owner, Input) -> Void) {
    self.owner = owner
    self.state = Locked(State())
    self.receiveValue = InPlaceClosure2(receiveValue)
    self.deliver = deliver
  }

  /// A short name for the sink in debugging output: `BindingSink`.
  public var description: String { "BindingSink" }

  /// Makes the sink leave `registration`'s bag when it completes or is cancelled.
  ///
  /// A sink that has already ended leaves the bag at once.
  @usableFromInline
  func register(in bag: BindingBag, id: UInt64) {
    // An ended binding is marked before it takes its registration under the lock (see `endBinding()`),
    // so one registered after that, under the lock, sees the mark.
    let ended = state.withLock { state -> Bool in
      guard !handOff.hasEnded else { return true }
      registeredBag = bag
      state.registrationID = id
      return false
    }
    if ended { bag.remove(id: id) }
  }

  /// Leaves the bag the binding was registered in, given the id taken out of the state.
  private func leaveBag(_ id: UInt64?) {
    if let id, let bag = registeredBag { bag.remove(id: id) }
  }

  /// Requests unlimited values from `subscription`, or cancels it if the sink already has one, has
  /// ended, or its owner is gone.
  public func receive(subscription: any Subscription) {
    let accepted = owner != nil && state.withLock { $0.status.accept(subscription) }
    if accepted {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  /// Hands `input` to the closure with the owner, at once or through the sink's scheduler; asks
  /// for no more values, as the sink already requested unlimited.
  @inlinable
  public func receive(_ input: Input) -> Subscribers.Demand {
    guard let deliver else {
      deliverNow(input)
      return .none
    }
    // On the target's thread with nothing waiting (a main-thread target's value sent on the main
    // thread): written at once, with no closure made for the scheduler.
    if let mayRunNow = deliver.mayRunNow, mayRunNow() {
      deliverNow(input)
      return .none
    }
    deliver { [weak self] in self?.deliverNow(input) }
    return .none
  }

  /// Ends the binding: empties the closure and leaves the owner's bag, after any value still on its
  /// way through the scheduler.
  public func receive(completion: Subscribers.Completion<Never>) {
    // The upstream subscription is released here, after the lock.
    _ = state.withLock { $0.status.terminate() }
    guard let deliver else {
      endBinding()
      return
    }
    // Values handed to the scheduler before the completion are still on their way: end the binding
    // behind them, on the same scheduler, so the last value is written rather than dropped.
    deliver { self.endBinding() }
  }

  /// Lets go of the closure and leaves the owner's bag.
  func endBinding() {
    // Deliveries stop calling the closure first, then the sink leaves the bag.
    markEnded()
    leaveBag(state.withLock { $0.registrationID.take() })
  }

  /// Marks the binding ended: deliveries that start from now on do not call the closure. The
  /// closure is emptied at once if no delivery runs, else by the last one to finish.
  /// Returns whether this call ended it.
  @usableFromInline
  @discardableResult
  func markEnded() -> Bool {
    handOff.end { receiveValue.empty() }
  }

  /// Ends the binding at once: cancels the upstream, empties the closure and leaves the owner's bag.
  ///
  /// Calling it again, or after completion, does nothing.
  public func cancel() {
    // Deliveries stop calling the closure before the upstream is cancelled and the bag left. A
    // sink already ended (a second cancel: a bag cancels its tokens, then releasing each token
    // cancels it again) has nothing more to do: whoever ended it cancels the upstream and leaves
    // the bag.
    guard markEnded() else { return }
    let ended = state.withLock { $0.end() }
    ended.subscription?.cancel()
    leaveBag(ended.registrationID)
    // The subscription is released here, after the lock.
  }

  @inlinable
  func deliverNow(_ input: Input) {
    var ownerIsGone = false
    handOff.deliver {
      if let owner {
        receiveValue.call(owner, input)
      } else {
        ownerIsGone = true
      }
    } emptyClosure: {
      receiveValue.empty()
    }
    if ownerIsGone { cancel() }
  }
}

extension BindingSink where Input == Void {
  /// Creates a sink that calls `receiveValue` with the owner for each event.
  ///
  /// ```swift
  /// taps.subscribe(BindingSink(owner: screen) { screen in screen.dismiss() })
  /// ```
  public convenience init(owner: Owner, receiveValue: @escaping (Owner) -> Void) {
    self.init(owner: owner) { owner, _ in receiveValue(owner) }
  }
}

extension BindingSink where Input == Never {
  /// Creates a sink that keeps a subscription to a publisher of no values alive for as long as
  /// `owner` lives.
  public convenience init(owner: Owner) {
    self.init(owner: owner) { _, _ in }
  }
}

/// How a binding hands a value to its target's context: run the closure now or later, on the
/// target's thread.
///
/// An object, so that a sink and a target hold one word for it (`nil` for the many that deliver
/// on the sending thread), and every main-thread target shares ``main``. Unchecked `Sendable`, as
/// the sinks that hold it are: its closures never change, and schedulers are called from any
/// thread.
@usableFromInline
final class BindingDelivery: @unchecked Sendable {
  /// Whether a value may be written at once on the calling thread, after every value handed over
  /// before it: when it says so, the sink writes without making a closure for ``schedule``.
  @usableFromInline let mayRunNow: (() -> Bool)?
  /// Runs the closure now or later, on the target's thread.
  @usableFromInline let schedule: (@escaping () -> Void) -> Void

  /// A delivery that always hands the closure to `schedule`.
  @usableFromInline
  init(_ schedule: @escaping (@escaping () -> Void) -> Void) {
    self.mayRunNow = nil
    self.schedule = schedule
  }

  /// A delivery that writes at once when `mayRunNow` says so, and hands the closure to `schedule`
  /// otherwise.
  @usableFromInline
  init(mayRunNow: @escaping () -> Bool, schedule: @escaping (@escaping () -> Void) -> Void) {
    self.mayRunNow = mayRunNow
    self.schedule = schedule
  }

  /// Delivers on the main thread: at once when already there, otherwise on the main queue.
  @usableFromInline
  static let main = BindingDelivery(
    mayRunNow: { MainThreadScheduler.shared.mayRunNow },
    schedule: { MainThreadScheduler.shared.schedule($0) }
  )

  /// Hands `work` to ``schedule``.
  @inlinable
  func callAsFunction(_ work: @escaping () -> Void) {
    schedule(work)
  }
}

extension BindingSink: BindingTargetConvertible where Owner: BindingOwner {
  /// The type of values the sink writes into its owner.
  public typealias Value = Input

  /// A target that writes through this sink's closure, so that a sink written in a `Reactive`
  /// extension (thoughtbot's shape) works with `<~`, `~>` and `bind(to:)`:
  ///
  /// ```swift
  /// extension Reactive where Base: ViewModel {
  ///   var setName: BindingSink<Base, String?> {
  ///     BindingSink(owner: base) { viewModel, name in viewModel.name = name }
  ///   }
  /// }
  /// field.reactive.edits ~> viewModel.reactive.setName
  /// viewModel.reactive.setName <~ field.reactive.edits
  /// ```
  ///
  /// The binding belongs to the owner, as every binding made with the operators does: it ends when
  /// the owner is deallocated. The sink's scheduler, if it has one, delivers the values. The sink
  /// itself is not subscribed; it lends its closure to the binding and lives as long as the binding.
  public var bindingTarget: BindingTarget<Owner, Input> {
    BindingTarget(owner: owner, identity: nil, name: BindingTargetName(.sink(Owner.self)), delivery: deliver) {
      [self] _, value in
      // The delivery already ran on the sink's scheduler, if it has one: hand the value straight on.
      deliverNow(value)
    }
  }
}

extension BindingSink: IdempotentCancellable {}

/// What a ``BindingSink`` holds under its lock: the subscription and the bag registration. Its
/// methods decide; the sink acts on what they return after unlocking.
///
/// Not nested in the generic sink: a type nested in a generic class is generic too, and the sink's
/// unspecialised code (`cancel()`, called through `AnyCancellable`, and `deinit`) looked up its
/// metadata, and that of `Locked` of it, at each call (about 2,000 instructions per binding torn
/// down).
@usableFromInline
struct BindingSinkState {
  @usableFromInline var status = SubscriptionStatus.awaitingSubscription
  /// The binding's id in the bag it leaves when it ends (``BindingSink/registeredBag``).
  var registrationID: UInt64?

  @inlinable
  init() {}

  /// Ends the binding: what the sink must cancel and leave after unlocking.
  mutating func end() -> Ended {
    Ended(subscription: status.terminate(), registrationID: registrationID.take())
  }

  /// What an ended sink cancels and leaves, outside its lock.
  struct Ended {
    let subscription: (any Subscription)?
    let registrationID: UInt64?
  }
}

/// A subscriber that writes into an owner: lets the package's toolkit modules see whose binding a
/// subscription is, so that their debug-build diagnostics can name the owner (BindingsGTK reports
/// a view model freed while the widgets bound into it are still on screen).
package protocol OwnedBindingSubscriber {
  /// The object the subscriber writes into, while it is alive.
  var bindingOwner: AnyObject? { get }
}

extension BindingSink: OwnedBindingSubscriber {
  /// The sink's owner, while it is alive.
  package var bindingOwner: AnyObject? { owner }
}
