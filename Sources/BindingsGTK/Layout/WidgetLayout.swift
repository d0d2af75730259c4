#if GTK
import Bindings
import CGTK

/// Space around a widget, in pixels, one value per side: what ``Widget/margins`` holds.
///
/// `leading` and `trailing` follow the text direction: left and right in English, right and left
/// in Arabic or Hebrew (GTK's `margin-start` and `margin-end`).
///
/// ```swift
/// label.margins = Insets(top: 6, leading: 12, bottom: 6, trailing: 12)
/// label.margins = Insets(12)                          // 12 on every side
/// label.margins = Insets(horizontal: 12, vertical: 6)
/// ```
public struct Insets: Hashable, Sendable {
  /// The space above.
  public var top: Int
  /// The space before, in the text's direction.
  public var leading: Int
  /// The space below.
  public var bottom: Int
  /// The space after, in the text's direction.
  public var trailing: Int

  /// Insets with one value per side.
  public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The same inset on all four sides.
  public init(_ all: Int) {
    self.init(top: all, leading: all, bottom: all, trailing: all)
  }

  /// `horizontal` before and after, `vertical` above and below.
  public init(horizontal: Int, vertical: Int) {
    self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
  }

  /// No space on any side.
  public static let zero = Insets()
}

/// Where a widget sits in the space its parent gives it, along one axis (GTK's `GtkAlign`).
///
/// ```swift
/// saveButton.horizontalAlignment = .end
/// ```
public enum Alignment: Sendable, Hashable {
  /// Takes all the space (the default).
  case fill
  /// At the start: the left (the right in right-to-left text) or the top.
  case start
  /// At the end: the right (the left in right-to-left text) or the bottom.
  case end
  /// In the middle.
  case center
  /// Vertically, on its row's text baseline; horizontally, the same as ``fill``.
  case baseline

  /// GTK's value.
  var gtkValue: GtkAlign {
    switch self {
    case .fill: GTK_ALIGN_FILL
    case .start: GTK_ALIGN_START
    case .end: GTK_ALIGN_END
    case .center: GTK_ALIGN_CENTER
    case .baseline: GTK_ALIGN_BASELINE
    }
  }

  /// The alignment GTK's `value` stands for.
  init(_ value: GtkAlign) {
    switch value {
    case GTK_ALIGN_START: self = .start
    case GTK_ALIGN_END: self = .end
    case GTK_ALIGN_CENTER: self = .center
    case GTK_ALIGN_BASELINE: self = .baseline
    default: self = .fill
    }
  }
}

// MARK: - Properties

extension Widget {
  /// The space above the widget, in pixels (`margin-top`).
  ///
  /// ```swift
  /// title.marginTop = 18
  /// ```
  public var marginTop: Int {
    get { Int(gtk_widget_get_margin_top(widget)) }
    set { gtk_widget_set_margin_top(widget, Int32(newValue)) }
  }

  /// The space before the widget in the text's direction, in pixels (`margin-start`).
  ///
  /// ```swift
  /// indented.marginLeading = 24
  /// ```
  public var marginLeading: Int {
    get { Int(gtk_widget_get_margin_start(widget)) }
    set { gtk_widget_set_margin_start(widget, Int32(newValue)) }
  }

  /// The space below the widget, in pixels (`margin-bottom`).
  ///
  /// ```swift
  /// paragraph.marginBottom = 12
  /// ```
  public var marginBottom: Int {
    get { Int(gtk_widget_get_margin_bottom(widget)) }
    set { gtk_widget_set_margin_bottom(widget, Int32(newValue)) }
  }

  /// The space after the widget in the text's direction, in pixels (`margin-end`).
  ///
  /// ```swift
  /// field.marginTrailing = 6
  /// ```
  public var marginTrailing: Int {
    get { Int(gtk_widget_get_margin_end(widget)) }
    set { gtk_widget_set_margin_end(widget, Int32(newValue)) }
  }

  /// The space on all four sides at once.
  ///
  /// ```swift
  /// card.margins = Insets(top: 6, leading: 12, bottom: 6, trailing: 12)
  /// print(card.margins.leading)   // prints 12
  /// ```
  public var margins: Insets {
    get { Insets(top: marginTop, leading: marginLeading, bottom: marginBottom, trailing: marginTrailing) }
    set {
      marginTop = newValue.top
      marginLeading = newValue.leading
      marginBottom = newValue.bottom
      marginTrailing = newValue.trailing
    }
  }

  /// One margin for all four sides: setting it sets each side; reading it gives the value the four
  /// sides share, or `nil` when they differ. Setting `nil` removes every margin (sets 0).
  ///
  /// ```swift
  /// content.margin = 12
  /// print(content.margin)   // prints Optional(12)
  /// content.marginTop = 0
  /// print(content.margin)   // prints nil
  /// ```
  public var margin: Int? {
    get {
      let sides = margins
      let top = sides.top
      return sides.leading == top && sides.bottom == top && sides.trailing == top ? top : nil
    }
    set { margins = Insets(newValue ?? 0) }
  }

  /// Whether the widget takes the spare width its parent has (`hexpand`).
  ///
  /// ```swift
  /// nameField.expandsHorizontally = true
  /// ```
  public var expandsHorizontally: Bool {
    get { gtk_widget_get_hexpand(widget) != 0 }
    set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
  }

  /// Whether the widget takes the spare height its parent has (`vexpand`).
  ///
  /// ```swift
  /// list.expandsVertically = true
  /// ```
  public var expandsVertically: Bool {
    get { gtk_widget_get_vexpand(widget) != 0 }
    set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
  }

  /// Where the widget sits across the width it is given (`halign`).
  ///
  /// ```swift
  /// okButton.horizontalAlignment = .end
  /// ```
  public var horizontalAlignment: Alignment {
    get { Alignment(gtk_widget_get_halign(widget)) }
    set { gtk_widget_set_halign(widget, newValue.gtkValue) }
  }

  /// Where the widget sits across the height it is given (`valign`).
  ///
  /// ```swift
  /// icon.verticalAlignment = .center
  /// ```
  public var verticalAlignment: Alignment {
    get { Alignment(gtk_widget_get_valign(widget)) }
    set { gtk_widget_set_valign(widget, newValue.gtkValue) }
  }

  /// The smallest size the widget asks for (`width-request`, `height-request`); `-1` leaves a
  /// dimension to the widget's own content.
  ///
  /// ```swift
  /// canvas.sizeRequest = (width: 400, height: 300)
  /// ```
  public var sizeRequest: (width: Int, height: Int) {
    get {
      var width: Int32 = -1
      var height: Int32 = -1
      gtk_widget_get_size_request(widget, &width, &height)
      return (Int(width), Int(height))
    }
    set { gtk_widget_set_size_request(widget, Int32(newValue.width), Int32(newValue.height)) }
  }
}

// MARK: - Modifiers

/// Layout modifiers: each sets a property and returns the widget itself, typed as itself, so that a
/// window is laid out in one expression. A side left `nil` is left as it is.
///
/// ```swift
/// window.child = Box(.vertical, spacing: 6, [
///   Label("Name").align(horizontal: .start),
///   Entry().expand(horizontally: true),
///   Button("Save").align(horizontal: .end),
/// ]).margin(12)
/// ```
extension Widget {
  /// Sets the same margin on all four sides, and returns the widget.
  ///
  /// ```swift
  /// let content = Box(.vertical).margin(12)
  /// ```
  @discardableResult
  public func margin(_ all: Int) -> Self {
    margins = Insets(all)
    return self
  }

  /// Sets all four margins, and returns the widget.
  ///
  /// ```swift
  /// let caption = Label("Caption").margin(Insets(horizontal: 12, vertical: 4))
  /// ```
  @discardableResult
  public func margin(_ insets: Insets) -> Self {
    margins = insets
    return self
  }

  /// Sets the margins given, leaves the others, and returns the widget.
  ///
  /// ```swift
  /// let title = Label("Title").margin(top: 18, bottom: 6)
  /// ```
  @discardableResult
  public func margin(top: Int? = nil, leading: Int? = nil, bottom: Int? = nil, trailing: Int? = nil) -> Self {
    if let top { marginTop = top }
    if let leading { marginLeading = leading }
    if let bottom { marginBottom = bottom }
    if let trailing { marginTrailing = trailing }
    return self
  }

  /// Sets whether the widget takes spare width and height, and returns the widget.
  ///
  /// ```swift
  /// let field = Entry().expand(horizontally: true)
  /// let list = ScrolledWindow().expand(horizontally: true, vertically: true)
  /// ```
  @discardableResult
  public func expand(horizontally: Bool? = nil, vertically: Bool? = nil) -> Self {
    if let horizontally { expandsHorizontally = horizontally }
    if let vertically { expandsVertically = vertically }
    return self
  }

  /// Sets where the widget sits in the space it is given, and returns the widget.
  ///
  /// ```swift
  /// let ok = Button("OK").align(horizontal: .end, vertical: .center)
  /// ```
  @discardableResult
  public func align(horizontal: Alignment? = nil, vertical: Alignment? = nil) -> Self {
    if let horizontal { horizontalAlignment = horizontal }
    if let vertical { verticalAlignment = vertical }
    return self
  }

  /// Sets the smallest size the widget asks for (`-1` leaves a dimension free), and returns the
  /// widget.
  ///
  /// ```swift
  /// let preview = Picture(file: "photo.jpg").sizeRequest(width: 320, height: 240)
  /// ```
  @discardableResult
  public func sizeRequest(width: Int = -1, height: Int = -1) -> Self {
    sizeRequest = (width, height)
    return self
  }

  /// Adds the style class `name`, and returns the widget.
  ///
  /// ```swift
  /// let title = Label("Inbox").cssClass("title-1")
  /// ```
  @discardableResult
  public func cssClass(_ name: String) -> Self {
    setCSSClass(name, true)
    return self
  }
}

// MARK: - Endpoints

@MainActor
extension Reactive where Base: Widget {
  /// The space above the widget: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// header.reactive.marginTop <~ viewModel.$isCompact.map { $0 ? 0 : 18 }
  /// ```
  public var marginTop: BindingEndpoint<Base, Int> {
    property("margin-top", get: { $0.marginTop }, set: { $0.marginTop = $1 })
  }

  /// The space before the widget, in the text's direction.
  ///
  /// ```swift
  /// row.reactive.marginLeading <~ item.$depth.map { $0 * 16 }
  /// ```
  public var marginLeading: BindingEndpoint<Base, Int> {
    property("margin-start", get: { $0.marginLeading }, set: { $0.marginLeading = $1 })
  }

  /// The space below the widget.
  ///
  /// ```swift
  /// footer.reactive.marginBottom <~ viewModel.$isCompact.map { $0 ? 0 : 18 }
  /// ```
  public var marginBottom: BindingEndpoint<Base, Int> {
    property("margin-bottom", get: { $0.marginBottom }, set: { $0.marginBottom = $1 })
  }

  /// The space after the widget, in the text's direction.
  ///
  /// ```swift
  /// badge.reactive.marginTrailing <~ viewModel.$isCompact.map { $0 ? 2 : 8 }
  /// ```
  public var marginTrailing: BindingEndpoint<Base, Int> {
    property("margin-end", get: { $0.marginTrailing }, set: { $0.marginTrailing = $1 })
  }

  /// All four margins at once, as a target.
  ///
  /// ```swift
  /// content.reactive.margins <~ viewModel.$isCompact.map { $0 ? Insets(4) : Insets(12) }
  /// ```
  public var margins: BindingTarget<Base, Insets> {
    gtkTarget("margins") { widget, insets in widget.margins = insets }
  }

  /// Whether the widget takes spare width: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// sidebar.reactive.expandsHorizontally <~ viewModel.$isSidebarWide
  /// ```
  public var expandsHorizontally: BindingEndpoint<Base, Bool> {
    property("hexpand", get: { $0.expandsHorizontally }, set: { $0.expandsHorizontally = $1 })
  }

  /// Whether the widget takes spare height: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// log.reactive.expandsVertically <~ viewModel.$showsLog
  /// ```
  public var expandsVertically: BindingEndpoint<Base, Bool> {
    property("vexpand", get: { $0.expandsVertically }, set: { $0.expandsVertically = $1 })
  }

  /// Where the widget sits across its width: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// message.reactive.horizontalAlignment <~ viewModel.$isMine.map { $0 ? .end : .start }
  /// ```
  public var horizontalAlignment: BindingEndpoint<Base, Alignment> {
    property("halign", get: { $0.horizontalAlignment }, set: { $0.horizontalAlignment = $1 })
  }

  /// Where the widget sits across its height: a target, a source and a side of `<~>`.
  ///
  /// ```swift
  /// badge.reactive.verticalAlignment <~ viewModel.$isCentered.map { $0 ? .center : .start }
  /// ```
  public var verticalAlignment: BindingEndpoint<Base, Alignment> {
    property("valign", get: { $0.verticalAlignment }, set: { $0.verticalAlignment = $1 })
  }
}
#endif
