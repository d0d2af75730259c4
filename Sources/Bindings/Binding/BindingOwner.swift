#if canImport(ObjectiveC)
import Foundation
import ObjectiveC
#endif

/// A class whose bindings end the moment it is deallocated.
///
/// Adopt it with one stored property:
///
/// ```swift
/// final class NameLabel: BindingOwner {
///   let bindings = BindingBag()
///   var text: String?
/// }
/// let name = MutableProperty("Ada")
/// var label: NameLabel? = NameLabel()
/// label!.reactive.text <~ name
/// label = nil          // the binding is cancelled at once
/// name.value = "Grace" // nothing is delivered anywhere
/// ```
///
/// The owner holds its ``BindingBag``; the bag holds the bindings; each binding holds its owner
/// weakly. No token needs to be kept, and no binding can keep its owner alive.
///
/// On Apple platforms, `NSObject` subclasses get the bag for free, stored as an associated object.
public protocol BindingOwner: AnyObject, ReactiveExtensionProvider {
  /// The bindings this object owns. They are cancelled when the bag is deallocated with the owner.
  var bindings: BindingBag { get }
}

/// An owner that belongs to the main actor: its key-path targets write on the main thread.
///
/// Declare it on `@MainActor` classes (views, controls, view controllers). Each key-path target
/// (`label.reactive.text`) then writes at once when the value arrives on the main thread, and hops
/// to the main queue when it arrives elsewhere, so a model changed on a background thread never
/// writes the view off the main thread:
///
/// ```swift
/// @MainActor
/// final class NameLabel: MainActorBindingOwner {
///   let bindings = BindingBag()
///   var text: String?
/// }
/// let name = MutableProperty("Ada")
/// label.reactive.text <~ name   // on the main thread: label.text is "Ada" at once
/// DispatchQueue.global().async { name.value = "Grace" }   // label.text is set on the main thread
/// ```
///
/// Opt out explicitly, per binding, with ``BindingTarget/deliveredOnSendingThread()``. Targets
/// written by hand in a `Reactive` extension choose for themselves; see
/// ``BindingTarget/init(onMainActor:identity:description:function:write:)-(_,AnyHashable?,_,_,_)``.
public protocol MainActorBindingOwner: BindingOwner {}

#if canImport(ObjectiveC)
private nonisolated(unsafe) var bindingBagAssociationKey: UInt8 = 0
private let bindingBagCreationLock = BindingBagCreationLock()

/// Serializes the creation of associated bags, so two threads cannot each attach one.
private final class BindingBagCreationLock: @unchecked Sendable {
  let lock = Locked(())
}

extension BindingOwner where Self: NSObject {
  /// The bindings this object owns, stored as an associated object.
  public var bindings: BindingBag {
    bindingBagCreationLock.lock.withLock { _ in
      if let bag = objc_getAssociatedObject(self, &bindingBagAssociationKey) as? BindingBag {
        return bag
      }
      let bag = BindingBag()
      objc_setAssociatedObject(self, &bindingBagAssociationKey, bag, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      return bag
    }
  }
}
#endif
