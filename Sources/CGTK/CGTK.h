// The C side of BindingsGTK: GTK 4's headers, and small inline shims for what Swift cannot call
// directly (variadic functions, type-check macros, GType constants that are macros).
#ifndef BINDINGS_CGTK_H
#define BINDINGS_CGTK_H

#include <gtk/gtk.h>

// BindingsGTK needs GTK 4.8 or later (Debian 12's; every part of the module runs on it, and the
// parts that use newer GTK say so in their documentation).
#if !GTK_CHECK_VERSION(4, 8, 0)
#error "BindingsGTK needs GTK 4.8 or later (pkg-config --modversion gtk4)"
#endif
#include <glib-unix.h>
#include <sys/eventfd.h>

// libdispatch's main-queue hooks for run loops other than its own (CoreFoundation uses them).
// On Linux the handle is an eventfd that libdispatch writes when the main queue has work; the
// callback drains the main queue and must run on the thread the main queue is bound to.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *_Nullable message);

// CoreFoundation's run loop, as Foundation exports it (its module is not visible to Swift on
// Linux). Declared under our own names so that they can never clash with a CoreFoundation import.
// Reading the next timer date has no side effects, so GTK's loop may ask it on every iteration.
extern void *_Nonnull cgtk_CFRunLoopGetMain(void) __asm__("CFRunLoopGetMain");
extern double cgtk_CFRunLoopGetNextTimerFireDate(void *_Nonnull runLoop, const void *_Nonnull mode)
    __asm__("CFRunLoopGetNextTimerFireDate");
extern double cgtk_CFAbsoluteTimeGetCurrent(void) __asm__("CFAbsoluteTimeGetCurrent");
extern const void *_Nonnull const cgtk_kCFRunLoopDefaultMode __asm__("kCFRunLoopDefaultMode");

// Reads an eventfd's count, clearing it; returns at once (EAGAIN) when it is already clear.
static inline void cgtk_eventfd_clear(int fd) {
  eventfd_t count;
  (void)eventfd_read(fd, &count);
}

// Fundamental GTypes are macros over G_TYPE_MAKE_FUNDAMENTAL, which Swift does not import.
static inline GType cgtk_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType cgtk_type_int(void) { return G_TYPE_INT; }
static inline GType cgtk_type_uint(void) { return G_TYPE_UINT; }
static inline GType cgtk_type_int64(void) { return G_TYPE_INT64; }
static inline GType cgtk_type_float(void) { return G_TYPE_FLOAT; }
static inline GType cgtk_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType cgtk_type_string(void) { return G_TYPE_STRING; }
static inline GType cgtk_type_strv(void) { return G_TYPE_STRV; }
static inline GType cgtk_type_object(void) { return G_TYPE_OBJECT; }
static inline GType cgtk_type_enum(void) { return G_TYPE_ENUM; }
static inline GType cgtk_type_flags(void) { return G_TYPE_FLAGS; }
static inline GType cgtk_type_none(void) { return G_TYPE_NONE; }
static inline GType cgtk_type_char(void) { return G_TYPE_CHAR; }
static inline GType cgtk_type_uchar(void) { return G_TYPE_UCHAR; }
static inline GType cgtk_type_long(void) { return G_TYPE_LONG; }
static inline GType cgtk_type_ulong(void) { return G_TYPE_ULONG; }
static inline GType cgtk_type_uint64(void) { return G_TYPE_UINT64; }
// The bit GLib sets in a signal's parameter types for arguments passed without a copy.
static inline GType cgtk_signal_type_static_scope(void) { return G_SIGNAL_TYPE_STATIC_SCOPE; }

// A GObject's reference count (read atomically, as GLib writes it).
static inline guint cgtk_object_ref_count(gpointer _Nonnull object) {
  return (guint)g_atomic_int_get((gint *)&G_OBJECT(object)->ref_count);
}

// Type-check and class macros.
static inline GObjectClass *_Nonnull cgtk_object_get_class(gpointer _Nonnull object) {
  return G_OBJECT_GET_CLASS(object);
}
static inline const char *_Nonnull cgtk_object_type_name(gpointer _Nonnull object) {
  return G_OBJECT_TYPE_NAME(object);
}
static inline GType cgtk_object_type(gpointer _Nonnull object) { return G_OBJECT_TYPE(object); }
static inline gboolean cgtk_type_is_a(GType type, GType ancestor) { return g_type_is_a(type, ancestor); }
static inline gboolean cgtk_value_holds(const GValue *_Nonnull value, GType type) {
  return G_VALUE_HOLDS(value, type);
}
static inline GType cgtk_param_spec_value_type(GParamSpec *_Nonnull spec) { return G_PARAM_SPEC_VALUE_TYPE(spec); }

// g_signal_emit_by_name is variadic: one shim per signature the tests and widgets emit.
static inline void cgtk_signal_emit_void(gpointer _Nonnull instance, const char *_Nonnull name) {
  g_signal_emit_by_name(instance, name);
}
static inline gboolean cgtk_signal_emit_returning_boolean(gpointer _Nonnull instance, const char *_Nonnull name) {
  gboolean handled = FALSE;
  g_signal_emit_by_name(instance, name, &handled);
  return handled;
}

// Signals with arguments, emitted as GTK emits them (for tests of typed signals and controllers).
static inline void cgtk_signal_emit_double_double(gpointer _Nonnull instance, const char *_Nonnull name, double x,
                                                  double y) {
  g_signal_emit_by_name(instance, name, x, y);
}
static inline gboolean cgtk_signal_emit_double_double_returning_boolean(gpointer _Nonnull instance,
                                                                       const char *_Nonnull name, double x, double y) {
  gboolean handled = FALSE;
  g_signal_emit_by_name(instance, name, x, y, &handled);
  return handled;
}
static inline void cgtk_signal_emit_int_double_double(gpointer _Nonnull instance, const char *_Nonnull name, gint n,
                                                      double x, double y) {
  g_signal_emit_by_name(instance, name, n, x, y);
}
static inline void cgtk_signal_emit_uint_uint_uint(gpointer _Nonnull instance, const char *_Nonnull name, guint a,
                                                   guint b, guint c) {
  g_signal_emit_by_name(instance, name, a, b, c);
}
static inline gboolean cgtk_signal_emit_uint_uint_uint_returning_boolean(gpointer _Nonnull instance,
                                                                         const char *_Nonnull name, guint a, guint b,
                                                                         guint c) {
  gboolean handled = FALSE;
  g_signal_emit_by_name(instance, name, a, b, c, &handled);
  return handled;
}
static inline gboolean cgtk_signal_emit_int_boolean_returning_boolean(gpointer _Nonnull instance,
                                                                      const char *_Nonnull name, gint a,
                                                                      gboolean b) {
  gboolean handled = FALSE;
  g_signal_emit_by_name(instance, name, a, b, &handled);
  return handled;
}
static inline void cgtk_signal_emit_string(gpointer _Nonnull instance, const char *_Nonnull name,
                                           const char *_Nullable text) {
  g_signal_emit_by_name(instance, name, text);
}
static inline gboolean cgtk_signal_emit_string_returning_boolean(gpointer _Nonnull instance,
                                                                 const char *_Nonnull name,
                                                                 const char *_Nullable text) {
  gboolean handled = FALSE;
  g_signal_emit_by_name(instance, name, text, &handled);
  return handled;
}
static inline void cgtk_signal_emit_pointer(gpointer _Nonnull instance, const char *_Nonnull name,
                                            gpointer _Nullable pointer) {
  g_signal_emit_by_name(instance, name, pointer);
}

// g_object_new is variadic; objects are made with no construct properties and set afterwards.
static inline gpointer _Nonnull cgtk_object_new(GType type) { return g_object_new(type, NULL); }

#endif
