#if GTK
import CGTK

/// A Swift item, held by the item object that stands for it in a list's `GListStore`.
///
/// The item object is a `GObject` of a type of our own (`BindingsGTKItem`) whose instance holds a
/// strong reference to its box, released when the object is finalized. A plain `GObject` holding
/// the box as qdata cost, per row made and freed, GLib's data list (one more heap block) and its bit
/// lock at every read; a removed row now frees two blocks, as a `GtkStringObject` does.
final class ItemBox<Item> {
  /// Never changed: an object given another item gets another box. So a row's `bind` lends the item
  /// to the row's code as it is, where a variable's item was copied (and its copy destroyed) at
  /// every bind.
  let item: Item

  private init(_ item: Item) {
    self.item = item
  }

  /// A new item object (one reference, the caller's) holding `item`.
  static func makeObject(holding item: Item) -> UnsafeMutableRawPointer {
    let object = cgtk_object_new(itemObjectType)
    boxSlot(of: object).pointee = Unmanaged.passRetained(ItemBox(item)).toOpaque()
    return object
  }

  /// Makes `object`, which holds an `Item`, hold `item` instead; the old box is released.
  static func setItem(_ item: Item, of object: UnsafeMutableRawPointer) {
    guard let old = box(of: object) else { return }
    boxSlot(of: object).pointee = Unmanaged.passRetained(ItemBox(item)).toOpaque()
    Unmanaged.passUnretained(old).release()
  }

  /// The item `object` holds, if it holds an `Item`.
  static func item(of object: UnsafeMutableRawPointer) -> Item? {
    box(of: object)?.item
  }

  /// The box of the item `object` holds, if it is an item object holding an `Item`: if the box is of
  /// the class `boxClass` names, this class. A caller on a hot path looks the class up once and
  /// passes it: a run-time cast, or this default, looks up the generic class's metadata at every
  /// call (about 330 instructions a row bound).
  static func box(
    of object: UnsafeMutableRawPointer,
    boxClass: ObjectIdentifier = ObjectIdentifier(ItemBox.self)
  ) -> ItemBox? {
    guard isItemObject(object), let box = boxSlot(of: object).pointee else { return nil }
    let boxObject = Unmanaged<AnyObject>.fromOpaque(box).takeUnretainedValue()
    guard ObjectIdentifier(type(of: boxObject)) == boxClass else { return nil }
    return unsafeDowncast(boxObject, to: ItemBox.self)
  }
}

/// Whether `object` (a `GObject`) is an item object. The type has no subtypes, so its class's type
/// is compared: no walk of the type's ancestry.
private func isItemObject(_ object: UnsafeMutableRawPointer) -> Bool {
  guard let type = object.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class?.pointee.g_type else {
    return false
  }
  return type == itemObjectType
}

/// Where an item object keeps its box: the word after the `GObject` it starts with.
private func boxSlot(of object: UnsafeMutableRawPointer) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
  (object + MemoryLayout<GObject>.stride).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
}

/// `GObject`'s own `finalize`, which an item object's chains to.
private let objectFinalize: (@convention(c) (UnsafeMutablePointer<GObject>?) -> Void)? = {
  // The reference is never given back: the class of every GObject lives as long as the process.
  let objectClass = g_type_class_ref(cgtk_type_object())!
  return objectClass.assumingMemoryBound(to: GObjectClass.self).pointee.finalize
}()

/// An item object's `finalize`: releases its box, then finalizes the `GObject`.
private let finalizeItemObject: @convention(c) (UnsafeMutablePointer<GObject>?) -> Void = { object in
  guard let object else { return }
  let slot = boxSlot(of: UnsafeMutableRawPointer(object))
  if let box = slot.pointee {
    slot.pointee = nil
    Unmanaged<AnyObject>.fromOpaque(box).release()
  }
  objectFinalize?(object)
}

/// The `GType` of item objects, `BindingsGTKItem`: a `GObject` and one word for the box (zeroed by
/// GLib), registered the first time a list makes an item.
private let itemObjectType: GType = {
  let name = "BindingsGTKItem"
  let instanceSize = MemoryLayout<GObject>.stride + MemoryLayout<UnsafeMutableRawPointer?>.stride
  // A second copy of this module in one process reuses the type, whose layout is the same; a type of
  // that name made by anything else, with another layout, would let the slot's writes run past its
  // instances, so it stops the program instead.
  let existing = g_type_from_name(name)
  if existing != 0 {
    var query = GTypeQuery()
    g_type_query(existing, &query)
    precondition(
      g_type_parent(existing) == cgtk_type_object() && Int(query.instance_size) >= instanceSize,
      "BindingsGTK: a GType named \(name) exists that is not BindingsGTK's list item type")
    return existing
  }
  _ = objectFinalize
  let registered = g_type_register_static_simple(
    cgtk_type_object(),
    name,
    guint(MemoryLayout<GObjectClass>.stride),
    { objectClass, _ in
      objectClass!.assumingMemoryBound(to: GObjectClass.self).pointee.finalize = finalizeItemObject
    },
    guint(instanceSize),
    nil,
    GTypeFlags(rawValue: 0)
  )
  precondition(registered != 0, "BindingsGTK: GLib did not register the list item type \(name)")
  return registered
}()
#endif
