#if GTK
import Bindings
import CGTK
import Foundation

/// An image shown at the size it is given (`GtkPicture`), from a file or from encoded bytes
/// (PNG, JPEG, TIFF).
///
/// ```swift
/// let photo = Picture(file: "/usr/share/backgrounds/default.png")
/// photo.contentFit = .cover
/// let avatar = try Picture(data: contact.photoPNG)
/// ```
///
/// For themed icons, use ``Image``.
@MainActor
public final class Picture: Widget {
  /// How a picture fills the space it is given.
  public enum ContentFit: Sendable, Hashable {
    /// Stretched to the whole space.
    case fill
    /// As large as fits whole, keeping its proportions (the default).
    case contain
    /// Covers the whole space, keeping its proportions; what overflows is cut off.
    case cover
    /// Never larger than its own size.
    case scaleDown

    var gtkValue: GtkContentFit {
      switch self {
      case .fill: GTK_CONTENT_FIT_FILL
      case .contain: GTK_CONTENT_FIT_CONTAIN
      case .cover: GTK_CONTENT_FIT_COVER
      case .scaleDown: GTK_CONTENT_FIT_SCALE_DOWN
      }
    }

    init(_ value: GtkContentFit) {
      switch value {
      case GTK_CONTENT_FIT_FILL: self = .fill
      case GTK_CONTENT_FIT_COVER: self = .cover
      case GTK_CONTENT_FIT_SCALE_DOWN: self = .scaleDown
      default: self = .contain
      }
    }
  }

  /// Why a picture could not be made from bytes.
  public struct DecodingError: Error, CustomStringConvertible {
    /// GTK's explanation.
    public let message: String

    /// The explanation.
    public var description: String { "the bytes are not an image GTK can read: \(message)" }
  }

  /// An empty picture.
  public init() {
    super.init(gtk_picture_new(), ownership: .transferred)
  }

  /// A picture of the image file at `path`. A file that cannot be read shows nothing.
  public convenience init(file path: String) {
    self.init()
    file = path
  }

  /// A picture of the encoded image `data` (PNG, JPEG or TIFF).
  ///
  /// ```swift
  /// let thumbnail = try Picture(data: Data(contentsOf: thumbnailURL))
  /// ```
  ///
  /// - Throws: ``DecodingError`` when the bytes are not an image GTK can read.
  public convenience init(data: Data) throws(DecodingError) {
    self.init()
    try setImage(data)
  }

  /// The image file shown (`file`), if the picture shows one.
  public var file: String? {
    get {
      guard let file = gtk_picture_get_file(opaque), let path = g_file_get_path(file) else { return nil }
      defer { g_free(path) }
      return String(cString: path)
    }
    set { lendingOptionalCString(newValue) { gtk_picture_set_filename(opaque, $0) } }
  }

  /// Shows the encoded image `data` (PNG, JPEG or TIFF) instead.
  ///
  /// ```swift
  /// try avatar.setImage(contact.photoPNG)
  /// ```
  ///
  /// - Throws: ``DecodingError`` when the bytes are not an image GTK can read; the picture is
  ///   left as it was.
  public func setImage(_ data: Data) throws(DecodingError) {
    let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    var error: UnsafeMutablePointer<GError>?
    guard let texture = gdk_texture_new_from_bytes(bytes, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      g_clear_error(&error)
      throw DecodingError(message: message)
    }
    gtk_picture_set_paintable(opaque, texture)
    g_object_unref(UnsafeMutableRawPointer(texture))
  }

  /// The size of the image shown, in pixels; `nil` when the picture shows nothing.
  ///
  /// ```swift
  /// let icon = try Picture(data: iconPNG)
  /// print(icon.imageSize!)   // prints (width: 48, height: 48)
  /// ```
  public var imageSize: (width: Int, height: Int)? {
    guard let paintable = gtk_picture_get_paintable(opaque) else { return nil }
    return (Int(gdk_paintable_get_intrinsic_width(paintable)), Int(gdk_paintable_get_intrinsic_height(paintable)))
  }

  /// How the image fills the space the picture is given (`content-fit`; needs GTK 4.8).
  ///
  /// ```swift
  /// banner.contentFit = .cover
  /// ```
  public var contentFit: ContentFit {
    get { ContentFit(gtk_picture_get_content_fit(opaque)) }
    set { gtk_picture_set_content_fit(opaque, newValue.gtkValue) }
  }

  /// Whether the picture may be shown smaller than the image (`can-shrink`).
  public var canShrink: Bool {
    get { gtk_picture_get_can_shrink(opaque) != 0 }
    set { gtk_picture_set_can_shrink(opaque, newValue ? 1 : 0) }
  }
}

@MainActor
extension Reactive where Base: Picture {
  /// The image file shown: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// photo.reactive.file <~ contact.$photoPath
  /// ```
  public var file: BindingEndpoint<Base, String?> {
    property("file", get: { $0.file }, set: { $0.file = $1 })
  }
}
#endif
