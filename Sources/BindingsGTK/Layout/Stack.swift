#if GTK
import Bindings
import CGTK
import Foundation

/// Pages of which one shows at a time (`GtkStack`), each with a name, and a title that a
/// ``StackSwitcher`` or ``StackSidebar`` shows.
///
/// The visible page is bound by name:
///
/// ```swift
/// let stack = Stack()
/// stack.addPage(counterView, name: "counter", title: "Counter")
/// stack.addPage(timerView, name: "timer", title: "Timer")
/// stack.reactive.visiblePageName <~> model.$page        // model.page: String
/// window.child = Box(.vertical, [StackSwitcher(stack), stack])
/// ```
///
/// or by any `Hashable` value, an enum for example, with ``addPage(_:for:title:)`` and
/// `reactive.visiblePage(as:)`:
///
/// ```swift
/// enum Task: Hashable { case counter, timer }
/// stack.addPage(counterView, for: Task.counter, title: "Counter")
/// stack.addPage(timerView, for: Task.timer, title: "Timer")
/// stack.reactive.visiblePage(as: Task.self) <~> model.$task   // model.task: Task
/// ```
///
/// A page added for a value is named after it (`String(describing:)`, made unique), so
/// ``visiblePageName`` works for it too.
@MainActor
public final class Stack: Widget {
  /// How the stack animates from one page to the next.
  public enum Transition: Sendable, Hashable {
    /// No animation (the default).
    case none
    /// The new page fades in over the old one.
    case crossfade
    /// The pages slide left or right, following their order.
    case slideLeftRight
    /// The pages slide up or down, following their order.
    case slideUpDown
    /// The new page slides in from the right.
    case slideLeft
    /// The new page slides in from the left.
    case slideRight
    /// The new page slides in from below.
    case slideUp
    /// The new page slides in from above.
    case slideDown

    var gtkValue: GtkStackTransitionType {
      switch self {
      case .none: GTK_STACK_TRANSITION_TYPE_NONE
      case .crossfade: GTK_STACK_TRANSITION_TYPE_CROSSFADE
      case .slideLeftRight: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT
      case .slideUpDown: GTK_STACK_TRANSITION_TYPE_SLIDE_UP_DOWN
      case .slideLeft: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT
      case .slideRight: GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
      case .slideUp: GTK_STACK_TRANSITION_TYPE_SLIDE_UP
      case .slideDown: GTK_STACK_TRANSITION_TYPE_SLIDE_DOWN
      }
    }

    init(_ value: GtkStackTransitionType) {
      let all: [Transition] = [
        .crossfade, .slideLeftRight, .slideUpDown, .slideLeft, .slideRight, .slideUp, .slideDown,
      ]
      self = all.first { $0.gtkValue == value } ?? .none
    }
  }

  /// The typed pages added with ``addPage(_:for:title:)``, by page name.
  private var pagesByName: [String: AnyHashable] = [:]
  /// The names of the typed pages.
  private var namesByPage: [AnyHashable: String] = [:]

  /// An empty stack.
  ///
  /// ```swift
  /// let stack = Stack(transition: .crossfade)
  /// ```
  public init(transition: Transition = .none) {
    super.init(gtk_stack_new(), ownership: .transferred)
    self.transition = transition
  }

  /// Adds `child` as a page called `name`, with `title` for switchers. The first page added is
  /// the visible one.
  ///
  /// A name already used is refused: the page is not added, and a diagnostic names it.
  ///
  /// ```swift
  /// stack.addPage(settingsView, name: "settings", title: "Settings")
  /// ```
  public func addPage(_ child: Widget, name: String, title: String? = nil) {
    guard gtk_stack_get_child_by_name(opaque, name) == nil else {
      reportStackProblem("a page is already named \"\(name)\"; the new page was not added")
      return
    }
    if let title {
      gtk_stack_add_titled(opaque, child.widget, name, title)
    } else {
      gtk_stack_add_named(opaque, child.widget, name)
    }
  }

  /// Adds `child` as the page for `page`, with `title` for switchers; the page is named after
  /// `page`. The first page added is the visible one.
  ///
  /// A value that already has a page is refused: the page is not added, and a diagnostic names it.
  ///
  /// ```swift
  /// stack.addPage(counterView, for: Task.counter, title: "Counter")
  /// ```
  public func addPage<Page: Hashable>(_ child: Widget, for page: Page, title: String? = nil) {
    let key = AnyHashable(page)
    guard namesByPage[key] == nil else {
      reportStackProblem("\(Page.self).\(page) already has a page; the new page was not added")
      return
    }
    let base = page as? String ?? String(describing: page)
    var name = base
    var suffix = 2
    while gtk_stack_get_child_by_name(opaque, name) != nil {
      name = "\(base)-\(suffix)"
      suffix += 1
    }
    addPage(child, name: name, title: title)
    pagesByName[name] = key
    namesByPage[key] = name
  }

  /// Takes `child`'s page out of the stack.
  ///
  /// A ``StackSidebar`` listing the stack drops the page's row; the window's focus, if it was in the
  /// page, moves out of it at once. A widget that is not a page is left alone, with a diagnostic.
  ///
  /// ```swift
  /// stack.remove(settingsView)
  /// ```
  public func remove(_ child: Widget) {
    if let name = pageName(of: child), let page = pagesByName.removeValue(forKey: name) {
      namesByPage[page] = nil
    }
    guard gtk_widget_get_parent(child.widget) == widget, let page = gtk_stack_get_page(opaque, child.widget) else {
      return reportStackProblem("remove(_:): the \(type(of: child)) is not a page of this stack; nothing was removed")
    }
    // GTK 4.8's stack frees the page's object before it tells its pages' observers; a sidebar then
    // disconnects from the freed object (a GLib critical). Holding the object until the stack has
    // told them avoids it.
    let pageObject = g_object_ref(UnsafeMutableRawPointer(page))
    defer { g_object_unref(pageObject) }
    FocusMove.out(of: child.widget)
    gtk_stack_remove(opaque, child.widget)
  }

  /// The name of `child`'s page; `nil` when `child` is not a page of this stack.
  ///
  /// ```swift
  /// stack.pageName(of: counterView)   // Optional("counter")
  /// ```
  public func pageName(of child: Widget) -> String? {
    guard gtk_widget_get_parent(child.widget) == widget, let page = gtk_stack_get_page(opaque, child.widget) else {
      return nil
    }
    return gtk_stack_page_get_name(page).map { String(cString: $0) }
  }

  /// The title of `child`'s page; `nil` when it has none or `child` is not a page of this stack.
  ///
  /// ```swift
  /// stack.pageTitle(of: counterView)   // Optional("Counter")
  /// ```
  public func pageTitle(of child: Widget) -> String? {
    guard gtk_widget_get_parent(child.widget) == widget, let page = gtk_stack_get_page(opaque, child.widget) else {
      return nil
    }
    return gtk_stack_page_get_title(page).map { String(cString: $0) }
  }

  /// The page called `name`, if there is one.
  ///
  /// ```swift
  /// stack.child(named: "counter") === counterView   // true
  /// ```
  public func child(named name: String) -> Widget? {
    gtk_stack_get_child_by_name(opaque, name).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget }
  }

  /// The names of the pages, in order.
  ///
  /// ```swift
  /// print(stack.pageNames)   // prints ["counter", "timer"]
  /// ```
  public var pageNames: [String] {
    WidgetTree.children(of: widget).compactMap { child in
      gtk_stack_get_page(opaque, child).flatMap { gtk_stack_page_get_name($0) }.map { String(cString: $0) }
    }
  }

  /// The page shown (`visible-child`).
  ///
  /// ```swift
  /// stack.visibleChild = timerView
  /// ```
  public var visibleChild: Widget? {
    get { gtk_stack_get_visible_child(opaque).flatMap { GObjectWrapper.wrapper(for: $0) as? Widget } }
    set { if let newValue { show(newValue.widget) } }
  }

  /// Shows `page`. A page that had the focus and gave it to nothing in the new one lets it go at
  /// once: GTK 4.8 could otherwise leak it (see `FocusMove`).
  private func show(_ page: UnsafeMutablePointer<GtkWidget>) {
    let shown = gtk_stack_get_visible_child(opaque)
    gtk_stack_set_visible_child(opaque, page)
    if let shown, shown != page { FocusMove.out(of: shown) }
  }

  /// The name of the page shown (`visible-child-name`); `nil` while the stack is empty.
  ///
  /// Setting a name no page has changes nothing, with a diagnostic.
  ///
  /// ```swift
  /// stack.visiblePageName = "timer"
  /// ```
  public var visiblePageName: String? {
    get { gtk_stack_get_visible_child_name(opaque).map { String(cString: $0) } }
    set {
      guard let newValue else { return }
      guard let page = lendingCString(newValue, { gtk_stack_get_child_by_name(opaque, $0) }) else {
        reportStackProblem("no page is named \"\(newValue)\"; the visible page stays \(visiblePageName ?? "none")")
        return
      }
      show(page)
    }
  }

  /// The value whose page is shown, when that page was added for a `Page`.
  ///
  /// ```swift
  /// stack.visiblePage(as: Task.self)   // Optional(Task.counter)
  /// ```
  public func visiblePage<Page: Hashable>(as type: Page.Type = Page.self) -> Page? {
    visiblePageName.flatMap { page(named: $0, as: type) }
  }

  /// Shows the page added for `page`. A value with no page changes nothing, with a diagnostic.
  ///
  /// ```swift
  /// stack.showPage(Task.timer)
  /// ```
  public func showPage<Page: Hashable>(_ page: Page) {
    if let name = namesByPage[AnyHashable(page)] {
      visiblePageName = name
    } else if let name = page as? String {
      visiblePageName = name
    } else {
      reportStackProblem("\(Page.self).\(page) has no page; the visible page stays \(visiblePageName ?? "none")")
    }
  }

  /// The `Page` of the page called `name`: the value it was added for, or, for `String`, any page's
  /// name.
  func page<Page: Hashable>(named name: String, as type: Page.Type) -> Page? {
    if let page = pagesByName[name]?.base as? Page { return page }
    guard gtk_stack_get_child_by_name(opaque, name) != nil else { return nil }
    return name as? Page
  }

  /// How the stack animates from one page to the next (`transition-type`).
  public var transition: Transition {
    get { Transition(gtk_stack_get_transition_type(opaque)) }
    set { gtk_stack_set_transition_type(opaque, newValue.gtkValue) }
  }

  /// How long the animation lasts, in milliseconds (`transition-duration`).
  ///
  /// ```swift
  /// stack.transitionDuration = 150
  /// ```
  public var transitionDuration: Int {
    get { Int(gtk_stack_get_transition_duration(opaque)) }
    set { gtk_stack_set_transition_duration(opaque, UInt32(max(newValue, 0))) }
  }
}

@MainActor
extension Reactive where Base: Stack {
  /// The name of the page shown: a target, a source (the user's switches too) and a side of `<~>`.
  /// A name no page has changes nothing, with a diagnostic; an empty stack sends nothing.
  ///
  /// ```swift
  /// stack.reactive.visiblePageName <~> model.$page
  /// ```
  public var visiblePageName: BindingEndpoint<Base, String> {
    visiblePage(as: String.self)
  }

  /// The value whose page is shown, for pages added with ``Stack/addPage(_:for:title:)``: a target,
  /// a source (the user's switches too) and a side of `<~>`. A value with no page changes nothing,
  /// with a diagnostic; a page added by name only sends nothing. With `String`, pages are their
  /// names, as with ``visiblePageName``.
  ///
  /// ```swift
  /// stack.reactive.visiblePage(as: Task.self) <~> model.$task
  /// ```
  public func visiblePage<Page: Hashable>(as type: Page.Type = Page.self) -> BindingEndpoint<Base, Page> {
    let changes = SignalPublisher<Page?>(
      base, signal: "notify::visible-child-name", shape: .pointerArgument, replaysCurrentValue: true
    ) { unsafeDowncast($0, to: Stack.self).visiblePage(as: type) }
    return BindingEndpoint(
      target: gtkTarget("visible-child-name") { stack, page in stack.showPage(page) },
      changes: changes.compactMap { $0 }
    ).asControl()
  }
}

/// A row of buttons, one per page of a ``Stack``, that shows the page clicked (`GtkStackSwitcher`).
///
/// ```swift
/// let header = HeaderBar()
/// header.titleWidget = StackSwitcher(stack)
/// ```
@MainActor
public final class StackSwitcher: Widget {
  /// A switcher for `stack`'s pages, titled with their titles.
  public init(_ stack: Stack? = nil) {
    super.init(gtk_stack_switcher_new(), ownership: .transferred)
    self.stack = stack
  }

  /// The stack switched (`stack`).
  public var stack: Stack? {
    get {
      gtk_stack_switcher_get_stack(opaque).flatMap {
        GObjectWrapper.wrapper(for: UnsafeMutableRawPointer($0)) as? Stack
      }
    }
    set { gtk_stack_switcher_set_stack(opaque, newValue?.opaque) }
  }
}

/// A list of a ``Stack``'s pages, at its side, that shows the page selected (`GtkStackSidebar`).
///
/// ```swift
/// window.child = Box(.horizontal, [StackSidebar(stack), stack.expand(horizontally: true)])
/// ```
@MainActor
public final class StackSidebar: Widget {
  /// A sidebar listing `stack`'s pages by title.
  public init(_ stack: Stack? = nil) {
    super.init(gtk_stack_sidebar_new(), ownership: .transferred)
    self.stack = stack
  }

  /// The stack listed (`stack`).
  public var stack: Stack? {
    get {
      gtk_stack_sidebar_get_stack(opaque).flatMap { GObjectWrapper.wrapper(for: UnsafeMutableRawPointer($0)) as? Stack }
    }
    set { gtk_stack_sidebar_set_stack(opaque, newValue?.opaque) }
  }
}

/// Reports a diagnostic about a stack (standard error, and the observer of tests and the monkey); the
/// stack carries on.
private func reportStackProblem(_ message: String) {
  Diagnostics.report("BindingsGTK: stack: \(message)")
}
#endif
