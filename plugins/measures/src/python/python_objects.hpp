// What the evaluator extension's C++ needs of CPython: owned references,
// Python's exceptions raised from C++ (one way: throw once one is set), and
// str ids as UTF-8 (docs/behaviour/python-evaluators.md §1).
#ifndef GRK_MEASURES_PYTHON_PYTHON_OBJECTS_HPP
#define GRK_MEASURES_PYTHON_PYTHON_OBJECTS_HPP

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <utility>

#include <grk/expected.hpp>

namespace grk::measures::python {

/// Thrown once a Python exception is set: the function called from Python
/// then returns null, which raises it.
struct PythonError {};

[[noreturn]] inline void raise(PyObject* type, const std::string& message) {
  PyErr_SetString(type, message.c_str());
  throw PythonError{};
}

/// A failure of the evaluator as Python's exception of its kind: bad
/// arguments and bad data are ValueError, a missing file FileNotFoundError,
/// an unreadable one OSError.
[[noreturn]] inline void raise_failure(const Failure& failure) {
  const std::string text = failure.hint.empty() ? failure.message : failure.message + " (" + failure.hint + ")";
  switch (failure.status) {
    case Status::invalid_argument:
    case Status::invalid_data: raise(PyExc_ValueError, text);
    case Status::not_found: raise(PyExc_FileNotFoundError, text);
    case Status::io_error: raise(PyExc_OSError, text);
    default: raise(PyExc_RuntimeError, text);
  }
}

template <typename T>
T value_or_raise(Expected<T>&& result) {
  if (!result) raise_failure(result.error());
  return std::move(*result);
}

/// An owned reference, released at the end of its scope; made from null
/// (a failed call, its exception set), it throws.
struct Owned {
  PyObject* object;
  explicit Owned(PyObject* o) : object(o) {
    if (object == nullptr) throw PythonError{};
  }
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  ~Owned() { Py_XDECREF(object); }
  PyObject* release() {
    PyObject* out = object;
    object = nullptr;
    return out;
  }
};

inline std::string type_name(PyObject* object) { return Py_TYPE(object)->tp_name; }

/// The UTF-8 of a str, which lives as long as the str does; TypeError
/// naming `what` for anything else.
inline std::string_view utf8(PyObject* text, const char* what) {
  if (!PyUnicode_Check(text)) raise(PyExc_TypeError, std::string(what) + " must be a str, got " + type_name(text));
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text, &size);
  if (data == nullptr) throw PythonError{};
  return {data, static_cast<std::size_t>(size)};
}

inline void require_dict(PyObject* object, const std::string& what) {
  if (!PyDict_Check(object)) raise(PyExc_TypeError, what + " must be a dict, got " + type_name(object));
}

inline PyObject* string_of(std::string_view text) {
  return PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size()));
}

/// Appends `item`, a new reference (null: a failed call), to `list`.
inline void append(PyObject* list, PyObject* item) {
  Owned owned(item);
  if (PyList_Append(list, owned.object) != 0) throw PythonError{};
}

/// Runs `work` for a function called from Python: what it throws becomes
/// the Python exception, and the function's result null.
template <typename Work>
PyObject* guarded(Work&& work) {
  try {
    return work();
  } catch (const PythonError&) {
    return nullptr;
  } catch (const std::bad_alloc&) {
    return PyErr_NoMemory();
  } catch (const std::exception& error) {
    PyErr_SetString(PyExc_RuntimeError, error.what());
    return nullptr;
  }
}

/// `work()` with the interpreter's lock released (it must touch no Python
/// object); what it throws is thrown again once the lock is held.
template <typename Work>
auto without_gil(Work&& work) -> decltype(work()) {
  std::exception_ptr thrown;
  PyThreadState* state = PyEval_SaveThread();
  try {
    auto result = work();
    PyEval_RestoreThread(state);
    return result;
  } catch (...) {
    thrown = std::current_exception();
  }
  PyEval_RestoreThread(state);
  std::rethrow_exception(thrown);
}

}  // namespace grk::measures::python

#endif
