/// A FIFO queue that allocates only when something is queued.
/// Popping moves the element out, so clearing the storage never releases an object under a lock.
@usableFromInline
struct EventQueue<Element> {
  @usableFromInline var storage: [Element?] = []
  @usableFromInline var head = 0

  @usableFromInline
  init() {}

  @inlinable
  var isEmpty: Bool { head == storage.count }

  @inlinable
  var count: Int { storage.count - head }

  /// The element `popFirst()` would return, left in place.
  @inlinable
  var first: Element? { head < storage.count ? storage[head] : nil }

  @inlinable
  mutating func append(_ element: Element) {
    storage.append(element)
  }

  /// Puts `element` back at the front, where the last `popFirst()` took it from.
  @inlinable
  mutating func pushFirst(_ element: Element) {
    if head > 0 {
      head -= 1
      storage[head] = element
    } else {
      storage.insert(element, at: 0)
    }
  }

  @inlinable
  mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    }
    return element
  }
}
