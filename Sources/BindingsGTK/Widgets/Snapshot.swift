#if GTK
import CGTK

/// The pixels of a widget as it is drawn now, for tests and screenshots.
///
/// ```swift
/// window.present()
/// GTK.iterateMainLoop(until: { window.allocatedSize.width > 0 })
/// let shot = try window.renderSnapshot()
/// try shot.savePNG(to: "/tmp/window.png")
/// print(shot.pixel(x: 0, y: 0))   // the top-left corner's (red, green, blue, alpha)
/// ```
public struct WidgetSnapshot: Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Rows of 4-byte pixels in GDK's default memory format (premultiplied B, G, R, A on little-endian
  /// machines), `stride` bytes apart.
  public let bytes: [UInt8]
  /// The distance in bytes from one row to the next.
  public let stride: Int
  private let png: [UInt8]

  init(width: Int, height: Int, bytes: [UInt8], stride: Int, png: [UInt8]) {
    self.width = width
    self.height = height
    self.bytes = bytes
    self.stride = stride
    self.png = png
  }

  /// The colour at (`x`, `y`), as (red, green, blue, alpha), each 0…255.
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    let offset = y * stride + x * 4
    return (bytes[offset + 2], bytes[offset + 1], bytes[offset], bytes[offset + 3])
  }

  /// How many pixels differ from `other`'s by more than `tolerance` in any channel; every pixel
  /// counts when the sizes differ.
  public func differingPixels(from other: WidgetSnapshot, tolerance: UInt8 = 8) -> Int {
    guard width == other.width, height == other.height else { return max(width * height, other.width * other.height) }
    var count = 0
    for y in 0..<height {
      for x in 0..<width {
        let offset = y * stride + x * 4
        let otherOffset = y * other.stride + x * 4
        for channel in 0..<4
        where abs(Int(bytes[offset + channel]) - Int(other.bytes[otherOffset + channel])) > Int(tolerance) {
          count += 1
          break
        }
      }
    }
    return count
  }

  /// Writes the snapshot as a PNG file.
  public func savePNG(to path: String) throws(GTKSnapshotError) {
    guard let file = fopen(path, "wb") else { throw .cannotWrite(path) }
    defer { fclose(file) }
    guard fwrite(png, 1, png.count, file) == png.count else { throw .cannotWrite(path) }
  }
}

/// Why a widget could not be drawn into a snapshot.
public enum GTKSnapshotError: Error, CustomStringConvertible, Equatable {
  /// The widget is not in a window that is shown and laid out.
  case notShown(String)
  /// GTK drew nothing for the widget.
  case nothingDrawn(String)
  /// The file could not be written.
  case cannotWrite(String)

  /// What went wrong.
  public var description: String {
    switch self {
    case .notShown(let type): "The \(type) is not in a shown, laid-out window: present its window first"
    case .nothingDrawn(let type): "GTK drew nothing for the \(type)"
    case .cannotWrite(let path): "Cannot write \(path)"
    }
  }
}

@MainActor
extension Widget {
  /// Runs GTK's loop until the widget's window has laid out and drawn one more frame, and says
  /// whether it did within `timeout`; `false` at once for a widget that is not shown.
  ///
  /// ```swift
  /// model.name = "A much longer name"   // the label grows on the next frame
  /// label.waitForNextFrame()
  /// print(label.allocatedSize.width)     // the new width
  /// ```
  @discardableResult
  public func waitForNextFrame(timeout: Duration = .seconds(2)) -> Bool {
    GTK.assertGTKThread("Waiting for a frame of a \(typeName)")
    guard gtk_widget_get_mapped(widget) != 0 else { return false }
    final class Ticked { var value = false }
    let ticked = Ticked()
    gtk_widget_add_tick_callback(
      widget,
      { _, _, data in
        Unmanaged<Ticked>.fromOpaque(data!).takeUnretainedValue().value = true
        return 0  // G_SOURCE_REMOVE: one frame is enough
      },
      Unmanaged.passRetained(ticked).toOpaque(),
      { data in Unmanaged<Ticked>.fromOpaque(data!).release() }
    )
    gtk_widget_queue_draw(widget)
    // The frame's layout and drawing run in the same turn of the loop as its tick.
    return GTK.iterateMainLoop(until: { ticked.value }, timeout: timeout)
  }

  /// Draws the widget, as it is now, with its window's renderer.
  ///
  /// - Throws: ``GTKSnapshotError`` when the widget is not shown or draws nothing.
  public func renderSnapshot() throws(GTKSnapshotError) -> WidgetSnapshot {
    GTK.assertGTKThread("Drawing a \(typeName)")
    // Values bound a moment ago may change the layout: let GTK lay out and draw one frame first.
    guard waitForNextFrame() else { throw .notShown(typeName) }
    let (width, height) = allocatedSize
    guard width > 0, height > 0, gtk_widget_get_mapped(widget) != 0, let native = gtk_widget_get_native(widget),
      let renderer = gtk_native_get_renderer(native)
    else { throw .notShown(typeName) }
    let paintable = gtk_widget_paintable_new(widget)!
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()!
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { throw .nothingDrawn(typeName) }
    defer { gsk_render_node_unref(node) }
    var bounds = graphene_rect_t(
      origin: graphene_point_t(x: 0, y: 0),
      size: graphene_size_t(width: Float(width), height: Float(height))
    )
    guard let texture = gsk_renderer_render_texture(renderer, node, &bounds) else { throw .nothingDrawn(typeName) }
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    let textureWidth = Int(gdk_texture_get_width(texture))
    let textureHeight = Int(gdk_texture_get_height(texture))
    let stride = textureWidth * 4
    var bytes = [UInt8](repeating: 0, count: stride * textureHeight)
    bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(stride)) }
    let pngBytes = gdk_texture_save_to_png_bytes(texture)!
    defer { g_bytes_unref(pngBytes) }
    var size: gsize = 0
    let data = g_bytes_get_data(pngBytes, &size)!
    let png = [UInt8](UnsafeRawBufferPointer(start: data, count: Int(size)))
    return WidgetSnapshot(width: textureWidth, height: textureHeight, bytes: bytes, stride: stride, png: png)
  }
}
#endif
