// grk::ComponentList: component classes named as one type, for a module
// that derives some of its components from a table of its own (the
// significance module's paired tests), so that its src/module.cpp does not
// change when the table grows. GRK_PLUGIN_MODULE (plugin.hpp) takes a list
// wherever it takes a component class.
#ifndef GRK_COMPONENT_LIST_HPP
#define GRK_COMPONENT_LIST_HPP

namespace grk {

/// The classes `Components...`, registered by GRK_PLUGIN_MODULE where the
/// list stands among its arguments, in the list's order.
template <class... Components>
struct ComponentList {};

}  // namespace grk

#endif
