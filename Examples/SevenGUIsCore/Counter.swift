import Bindings

/// 7GUIs task 1, Counter: a count that a button increments.
///
/// ```swift
/// let counter = CounterModel()
/// label.reactive.text <~ counter.$count.map(String.init)
/// button.reactive.clicked ~> (counter, { counter, _ in counter.increment() })
/// counter.increment()   // the label shows "1"
/// ```
///
/// The rules (7GUIs): the count starts at 0, and each click of the button adds one.
public final class CounterModel: BindingOwner {
  /// The bindings the model owns.
  public let bindings = BindingBag()
  /// The number of clicks so far.
  @Published public private(set) var count = 0

  /// Creates a counter at 0.
  public init() {}

  /// Adds one to ``count``.
  public func increment() { count += 1 }
}
