#if GTK
import Bindings
import CGTK

/// An application-wide CSS style sheet (a `GtkCssProvider` on the default display): its rules
/// apply to every widget of every window, until it is removed.
///
/// ```swift
/// let sheet = try StyleSheet.add("""
///   .warning { background-color: #fce94f; }
///   label.title { font-weight: bold; }
///   """)
/// status.setCSSClass("warning", true)
/// sheet.remove()   // the rules no longer apply
/// ```
///
/// CSS with errors is refused as a whole: ``add(_:priority:)`` throws every problem GTK found,
/// with its line and column, and adds nothing. The style sheet stays on the display when the
/// handle is dropped; only ``remove()`` takes it off.
@MainActor
public final class StyleSheet {
  /// One problem in a style sheet's CSS.
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    /// The line the problem starts on, from 1.
    public let line: Int
    /// The column the problem starts at, in characters from 1.
    public let column: Int
    /// GTK's description of the problem.
    public let message: String

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
  }

  /// How a style sheet ranks against the theme and other style sheets: a higher priority wins
  /// where rules conflict.
  public enum Priority: Sendable, Hashable {
    /// Above the theme and the desktop's settings: what an application's own CSS uses.
    case application
    /// Above ``application``: for rules that must win over the application's.
    case user

    var gtkValue: UInt32 {
      switch self {
      case .application: 600  // GTK_STYLE_PROVIDER_PRIORITY_APPLICATION
      case .user: 800  // GTK_STYLE_PROVIDER_PRIORITY_USER
      }
    }
  }

  /// The provider, one reference held by this handle.
  private let provider: UnsafeMutablePointer<GtkCssProvider>
  /// The display the style sheet is on, while it is.
  private var display: OpaquePointer?
  /// The CSS the style sheet holds.
  public let css: String

  private init(provider: UnsafeMutablePointer<GtkCssProvider>, css: String) {
    self.provider = provider
    self.css = css
  }

  /// Parses `css` and adds it to the default display, for every window.
  ///
  /// ```swift
  /// try StyleSheet.add(".error { color: red; }")
  /// do {
  ///   try StyleSheet.add(".error { colour: red; }")
  /// } catch {
  ///   print(error)   // prints the style sheet has 1 problem: 1:10: No property named "colour"
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - css: The rules, in GTK's CSS.
  ///   - priority: How the rules rank against the theme and other style sheets.
  /// - Returns: The handle that removes the style sheet again.
  /// - Throws: ``StyleSheetError/invalidCSS(_:)`` with every problem when `css` has errors (nothing
  ///   is added then), ``StyleSheetError/noDisplay`` before GTK is initialized.
  @discardableResult
  public static func add(_ css: String, priority: Priority = .application) throws(StyleSheetError) -> StyleSheet {
    let problems = CSSProblems()
    let provider = gtk_css_provider_new()!
    // GTK reports the problems while it parses, synchronously: the handler, which finds the list
    // through an unretained pointer, is connected and disconnected while the list is kept alive.
    withExtendedLifetime(problems) {
      let callback: @convention(c) (gpointer?, OpaquePointer?, UnsafePointer<GError>?, gpointer?) -> Void = {
        _, section, error, context in
        let problems = Unmanaged<CSSProblems>.fromOpaque(context!).takeUnretainedValue()
        var line = 0
        var column = 0
        if let section, let location = gtk_css_section_get_start_location(section) {
          line = Int(location.pointee.lines) + 1
          column = Int(location.pointee.line_chars) + 1
        }
        let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        problems.list.append(Problem(line: line, column: column, message: message))
      }
      let handler = g_signal_connect_data(
        UnsafeMutableRawPointer(provider),
        "parsing-error",
        unsafeBitCast(callback, to: GCallback.self),
        Unmanaged.passUnretained(problems).toOpaque(),
        nil,
        GConnectFlags(0)
      )
      gtk_css_provider_load_from_data(provider, css, -1)
      g_signal_handler_disconnect(UnsafeMutableRawPointer(provider), handler)
    }
    guard problems.list.isEmpty else {
      g_object_unref(UnsafeMutableRawPointer(provider))
      throw .invalidCSS(problems.list)
    }
    guard let display = gdk_display_get_default() else {
      g_object_unref(UnsafeMutableRawPointer(provider))
      throw .noDisplay
    }
    let sheet = StyleSheet(provider: provider, css: css)
    gtk_style_context_add_provider_for_display(display, sheet.styleProvider, priority.gtkValue)
    sheet.display = display
    return sheet
  }

  /// Whether the style sheet is on the display (it is until ``remove()``).
  ///
  /// ```swift
  /// let sheet = try StyleSheet.add(".note { color: gray; }")
  /// sheet.remove()
  /// print(sheet.isAdded)   // prints false
  /// ```
  public var isAdded: Bool { display != nil }

  /// Takes the style sheet off the display: its rules no longer apply. Removing it twice does
  /// nothing.
  ///
  /// ```swift
  /// let highContrast = try StyleSheet.add(".card { border: 2px solid black; }")
  /// highContrast.remove()
  /// ```
  public func remove() {
    guard let display else { return }
    gtk_style_context_remove_provider_for_display(display, styleProvider)
    self.display = nil
  }

  private var styleProvider: OpaquePointer { OpaquePointer(provider) }

  isolated deinit {
    g_object_unref(UnsafeMutableRawPointer(provider))
  }
}

/// Why a style sheet was not added.
public enum StyleSheetError: Error, Equatable, CustomStringConvertible {
  /// The CSS has errors: every problem GTK found, in order.
  case invalidCSS([StyleSheet.Problem])
  /// There is no display yet: GTK has not been initialized.
  case noDisplay

  /// What is wrong, with each problem's line and column.
  public var description: String {
    switch self {
    case .invalidCSS(let problems):
      let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
      return "the style sheet has \(count): " + problems.map(\.description).joined(separator: "; ")
    case .noDisplay:
      return "there is no display to add the style sheet to: initialize GTK first"
    }
  }
}

/// The problems GTK reports while parsing one style sheet.
private final class CSSProblems {
  var list: [StyleSheet.Problem] = []
}
#endif
