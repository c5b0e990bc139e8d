"""Call grk plugin modules from Python, in process, through their C ABI.

Standard library only (ctypes, json, struct). A plugin module is the same .so
file that grk-eval loads; this loader applies the same acceptance rules as the
host, in the same order and with the same words (sdk/include/grk/abi.h,
host/src/modules/entry_symbols.cpp, host/src/modules/loaded_module.cpp), and then calls a
component with a dict of parameters:

    import grk_plugins
    significance = grk_plugins.load("lib/grk/plugins/significance.so")
    result = significance.invoke("paired-bootstrap", {
        "scores": "scores.json", "baseline": "bm25", "candidate": "hybrid",
        "metric": "ndcg_at_10"})
    print(result["p_value_two_sided"])

Parameters cross as JSON text written by json.dumps, results come back as
JSON text read by json.loads; plugins write floats with the shortest digits
that round-trip, so every float is exactly the double the plugin computed.

Path parameters are passed as given. The plugin opens a relative path against
the process's working folder (os.getcwd()), which is the caller's; grk-eval by
contrast resolves relative paths against the config file's folder before the
call. Pass absolute paths when the two may differ.

A failed call raises PluginError (.status: a grk_status int, .status_name:
e.g. "invalid-data", .message: the plugin's one-line message). A module the
loader refuses raises LoadError, a PluginError whose .reason is the reason
grk-eval gives for the same file (`grk-eval plugins`). As in grk-eval, a file
is first classified by its symbol table, so no code of a file that is not a
module of this ABI ever runs; unlike grk-eval, a module of this ABI is then
loaded into this process, so a crash in its static initialisers is this
process's crash.

A component's debug messages are dropped unless the call asks for them
(verbose=True), as grk-eval shows them only with --verbose; info and warning
messages are always passed on.

Modules are never unloaded (as in grk-eval: nothing from a plugin may outlive
its code, and glibc cannot always unload C++ modules anyway).

find_module("significance") finds a shipped module as grk-eval finds it:
in the folders of GRK_PLUGIN_PATH (":"-separated, relative ones against the
working folder), then in <prefix>/lib/grk/plugins of the prefix this package
is installed in (<prefix>/share/grk/python/grk_plugins/), or, in a source
checkout, in build/lib/grk/plugins.

grk_plugins.groundkit is groundkit's evaluation API (paired_bootstrap,
compare_report_stages, adapt_beir_dataset, load_judgments and their models)
over these modules, in process.

As a command, `python3 -m grk_plugins MODULE.so` (or `python3 grk_plugins`,
the package folder) prints the module's components as JSON, and
`python3 -m grk_plugins MODULE.so COMPONENT '{"param": ...}'` prints the
component's result; a failure prints
`status: message` on stderr and exits 2 (module refused) or 3 (call failed),
grk-eval's codes; -v/--verbose also prints the component's debug messages.
"""

import ctypes
import json
import logging
import os
import struct
import sys

from . import _interrupts

__all__ = ["load", "find_module", "plugin_search_path", "Module", "Outcome", "PluginError",
           "LoadError", "ABI_VERSION", "SDK_VERSION", "compare", "ResultsTable"]

# The ABI and SDK this loader implements; tests/python_binding checks them
# against sdk/include/grk/version.h so they move together.
ABI_VERSION = 1
SDK_VERSION = (1, 2, 0)
__version__ = "%d.%d.%d" % SDK_VERSION  # the package's version for pip (sdk/python/pyproject.toml)

ENTRY_SYMBOL = "grk_plugin_v%d" % ABI_VERSION
ENTRY_SYMBOL_PREFIX = "grk_plugin_v"
ENTRY_SECTION = "grk"

STATUS_OK = 0
STATUS_INVALID_ARGUMENT = 1
STATUS_INVALID_DATA = 2
STATUS_NOT_FOUND = 3
STATUS_FAILED_PRECONDITION = 4
STATUS_IO_ERROR = 5
STATUS_UNIMPLEMENTED = 6
STATUS_INTERNAL = 7
STATUS_CANCELLED = 8  # SDK 1.2: the call stopped because it was asked to (Ctrl-C)

STATUS_NAMES = {
    STATUS_OK: "ok",
    STATUS_INVALID_ARGUMENT: "invalid-argument",
    STATUS_INVALID_DATA: "invalid-data",
    STATUS_NOT_FOUND: "not-found",
    STATUS_FAILED_PRECONDITION: "failed-precondition",
    STATUS_IO_ERROR: "io-error",
    STATUS_UNIMPLEMENTED: "unimplemented",
    STATUS_INTERNAL: "internal",
    STATUS_CANCELLED: "cancelled",
}

KIND_NAMES = {1: "statistic", 2: "dataset-adapter"}

_LOG_LEVELS = {0: logging.DEBUG, 1: logging.INFO, 2: logging.WARNING}
_logger = logging.getLogger("grk_plugins")


class PluginError(Exception):
    """A component call (or a module load) failed: status and message, and
    the component's hint (what to do about it; "" for none), which is kept
    out of the message and of str() so that an exact message stays exact."""

    def __init__(self, status, message, hint=""):
        super().__init__(message)
        self.status = status
        self.message = message
        self.hint = hint

    @property
    def status_name(self):
        return STATUS_NAMES.get(self.status, "internal")

    def __str__(self):
        return "%s: %s" % (self.status_name, self.message)


class LoadError(PluginError):
    """The module file cannot be used (missing, not a plugin, wrong version)."""

    def __init__(self, path, reason, status=STATUS_FAILED_PRECONDITION):
        super().__init__(status, "cannot use plugin module '%s': %s" % (path, reason))
        self.path = path
        self.reason = reason


# --- Mirrors of abi.h. Field order and types must match it exactly; the
# sizes and offsets are checked against a C compiler by the tests. ---------

_SetResult = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)
_SetError = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int32, ctypes.c_void_p,
                             ctypes.c_size_t)
_SetSummary = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)
_Log = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int32, ctypes.c_void_p,
                        ctypes.c_size_t)
_Progress = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint64,
                             ctypes.c_uint64, ctypes.c_uint64)
_SetHint = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)
_Cancelled = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p)


class HostApi(ctypes.Structure):
    """grk_host_api"""
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("abi_version", ctypes.c_uint32),
        ("set_result", _SetResult),
        ("set_error", _SetError),
        ("set_summary", _SetSummary),
        ("log", _Log),
        ("progress", _Progress),
        ("set_hint", _SetHint),  # SDK 1.1
        ("cancelled", _Cancelled),  # SDK 1.2
    ]


_Invoke = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_size_t,
                           ctypes.POINTER(HostApi), ctypes.c_void_p)


class ComponentStruct(ctypes.Structure):
    """grk_component"""
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("kind", ctypes.c_int32),
        ("name", ctypes.c_char_p),
        ("description", ctypes.c_char_p),
        ("params_json", ctypes.c_char_p),
        ("invoke", ctypes.c_void_p),
        # SDK 1.1.0: the pre-run check a host calls before a run's steps. This
        # binding runs one call at a time and calls invoke alone, which keeps
        # every check (docs/design.md §5.5); it never reads this field.
        ("validate", ctypes.c_void_p),
    ]


class ModuleStruct(ctypes.Structure):
    """grk_module"""
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("abi_version", ctypes.c_uint32),
        ("sdk_version_major", ctypes.c_uint32),
        ("sdk_version_minor", ctypes.c_uint32),
        ("sdk_version_patch", ctypes.c_uint32),
        ("name", ctypes.c_char_p),
        ("version", ctypes.c_char_p),
        ("component_count", ctypes.c_uint32),
        ("component_size", ctypes.c_uint32),
        ("components", ctypes.c_void_p),
    ]


_Entry = ctypes.CFUNCTYPE(ctypes.c_void_p)

# ABI 1.0's sizes: a plugin may declare larger structs (a newer minor appends
# fields) but never smaller, the same bound as the host's.
_MIN_MODULE_SIZE = ctypes.sizeof(ModuleStruct)
_MIN_COMPONENT_SIZE = ComponentStruct.validate.offset


def _text(raw):
    return raw.decode("utf-8", "replace") if raw is not None else ""


def _is_component_name(name):
    """Lowercase kebab-case, [a-z0-9]+(-[a-z0-9]+)* (grk/naming.hpp)."""
    if not name or name[0] == "-" or name[-1] == "-" or "--" in name:
        return False
    return all(c == "-" or "a" <= c <= "z" or "0" <= c <= "9" for c in name)


def _versions():
    return "ABI %d, SDK %d.%d.%d" % ((ABI_VERSION,) + SDK_VERSION)


class Outcome:
    """Everything one successful call produced."""

    def __init__(self, result, summary, logs):
        self.result = result    # the parsed JSON result
        self.summary = summary  # the component's one-line summary ("" for none)
        self.logs = logs        # [(level name, message)] in call order, debug included

    def __repr__(self):
        return "Outcome(result=%r, summary=%r)" % (self.result, self.summary)


class _Call:
    """The host side of one invoke: callbacks and what they received.

    The CFUNCTYPE objects live as long as this object, which lives across the
    foreign call; ctypes would otherwise free the thunks under the plugin."""

    def __init__(self, log, progress, verbose):
        self.result = None
        self.error = None
        self.hint = ""
        self.summary = ""
        self.logs = []
        self.failures = []
        self._log = log
        self._progress = progress
        self._verbose = verbose
        self.cancelled = False  # set by _interrupts' SIGINT handler
        self.thread = None
        self.table = HostApi(
            ctypes.sizeof(HostApi), ABI_VERSION,
            _SetResult(self._on_result), _SetError(self._on_error),
            _SetSummary(self._on_summary), _Log(self._on_log),
            _Progress(self._on_progress), _SetHint(self._on_hint),
            _Cancelled(self._on_cancelled))

    # Callbacks run inside the plugin's call: they must not raise into C.
    def _guard(self, fn, *args):
        try:
            fn(*args)
        except BaseException as exc:  # noqa: B036 -- nothing may unwind into C
            self.failures.append(exc)

    def _on_result(self, _ctx, data, size):
        self._guard(self._store_result, data, size)

    def _store_result(self, data, size):
        if self.result is not None:
            raise PluginError(STATUS_INTERNAL, "the component set its result twice")
        self.result = ctypes.string_at(data, size) if size else b""

    def _on_error(self, _ctx, status, data, size):
        self._guard(self._store_error, status, data, size)

    def _store_error(self, status, data, size):
        message = ctypes.string_at(data, size).decode("utf-8", "replace") if size else ""
        self.error = (status, message)

    def _on_hint(self, _ctx, data, size):
        self._guard(self._store_hint, data, size)

    def _store_hint(self, data, size):
        self.hint = ctypes.string_at(data, size).decode("utf-8", "replace") if size else ""

    def _on_summary(self, _ctx, data, size):
        self._guard(self._store_summary, data, size)

    def _store_summary(self, data, size):
        self.summary = ctypes.string_at(data, size).decode("utf-8", "replace") if size else ""

    def _on_log(self, _ctx, level, data, size):
        self._guard(self._emit_log, level, data, size)

    def _emit_log(self, level, data, size):
        message = ctypes.string_at(data, size).decode("utf-8", "replace") if size else ""
        name = {0: "debug", 1: "info", 2: "warning"}.get(level, "warning")
        self.logs.append((name, message))
        if name == "debug" and not self._verbose:
            return
        if self._log is not None:
            self._log(name, message)
        else:
            _logger.log(_LOG_LEVELS.get(level, logging.WARNING), "%s", message)

    def _on_cancelled(self, _ctx):
        # A read of a flag: no Python that could raise into C.
        return 1 if self.cancelled else 0

    def _on_progress(self, _ctx, phase, done, total, size):
        if self._progress is not None:
            self._guard(self._progress, _text(phase), done, total, size)


class Module:
    """A loaded plugin module. Create with load(path)."""

    def __init__(self, path, library, descriptor):
        self.path = path
        self._library = library  # keeps the module mapped
        self.name = _text(descriptor.name)
        self.version = _text(descriptor.version)
        self.sdk_version = "%d.%d.%d" % (descriptor.sdk_version_major,
                                         descriptor.sdk_version_minor,
                                         descriptor.sdk_version_patch)
        self._invokers = {}
        self.components = []
        base = descriptor.components
        for index in range(descriptor.component_count):
            # component_size is the stride: entries grow in later minors.
            raw = ComponentStruct.from_address(base + index * descriptor.component_size)
            component = self._read_component(index, raw)
            self.components.append(component)
            self._invokers[component["name"]] = _Invoke(raw.invoke)

    def _read_component(self, index, raw):
        name = _text(raw.name)
        if raw.struct_size < _MIN_COMPONENT_SIZE:
            raise LoadError(self.path, "component #%d declares a size smaller than ABI 1's" % index)
        if not _is_component_name(name):
            raise LoadError(self.path, "component name '%s' is not lowercase kebab-case" % name)
        if raw.kind not in KIND_NAMES:
            raise LoadError(self.path, "component '%s' has unknown kind %d" % (name, raw.kind))
        if not raw.invoke:
            raise LoadError(self.path, "component '%s' has no invoke" % name)
        if name in self._invokers:
            raise LoadError(self.path, "it registers component '%s' twice" % name)
        try:
            params = json.loads(_text(raw.params_json) if raw.params_json else "[]")
        except ValueError as exc:
            raise LoadError(self.path, "component '%s': its parameter declaration is not JSON: %s"
                            % (name, exc)) from None
        problem = _declaration_problem(params)
        if problem is not None:
            raise LoadError(self.path, "component '%s': %s" % (name, problem))
        return {"name": name, "kind": KIND_NAMES[raw.kind],
                "description": _text(raw.description), "params": params}

    def component(self, name):
        """The description dict of one component (KeyError when absent)."""
        for component in self.components:
            if component["name"] == name:
                return component
        raise KeyError(name)

    def run(self, component, params=None, *, log=None, progress=None, verbose=False):
        """Calls `component` with `params` (a dict) and returns an Outcome.

        log(level, message) receives the component's diagnostics (default: the
        "grk_plugins" logger), debug ones only when verbose is true (grk-eval
        run --verbose); progress(phase, done, total, bytes) its progress.
        Raises PluginError with the component's status and message."""
        invoke = self._invokers.get(component)
        if invoke is None:
            names = ", ".join(c["name"] for c in self.components)
            raise PluginError(STATUS_INVALID_ARGUMENT,
                              "module '%s' has no component '%s'; it has: %s"
                              % (self.name, component, names))
        if params is None:
            params = {}
        if not isinstance(params, dict):
            raise PluginError(STATUS_INVALID_ARGUMENT, "parameters must be a dict")
        # ASCII with \u escapes: any str crosses, lone surrogates included;
        # os.fspath: a pathlib.Path is a natural value for a path parameter.
        text = json.dumps(params, default=os.fspath).encode("ascii")
        call = _Call(log, progress, verbose)
        buffer = ctypes.create_string_buffer(text, len(text))
        with _interrupts.InFlight(call):
            status = invoke(ctypes.cast(buffer, ctypes.c_void_p), len(text),
                            ctypes.byref(call.table), None)
        if call.cancelled:
            # Ctrl-C came during the call; it has returned, having stopped
            # (status cancelled) or finished. Either way the caller sees the
            # interrupt, never a result it did not wait for (docs/design.md §5.5).
            raise KeyboardInterrupt
        if call.failures:
            raise call.failures[0]
        if status != STATUS_OK or call.error is not None:
            code, message = call.error if call.error is not None else (status, "")
            if code not in STATUS_NAMES or code == STATUS_OK:
                message = "%s (status %d)" % (message or "the component failed", code)
                code = STATUS_INTERNAL
            if not message:
                message = "the component returned status %d without a message" % code
            raise PluginError(code, message, call.hint)
        if call.result is None:
            raise PluginError(STATUS_INTERNAL, "the component returned OK without a result")
        try:
            result = json.loads(call.result.decode("utf-8", "surrogatepass"))
        except ValueError as exc:
            raise PluginError(STATUS_INTERNAL, "the component's result is not JSON: %s" % exc) from None
        return Outcome(result, call.summary, call.logs)

    def invoke(self, component, params=None, **callbacks):
        """Calls `component` with `params` and returns its result (a dict for
        every shipped component). See run() for callbacks, verbose and errors."""
        return self.run(component, params, **callbacks).result

    def __repr__(self):
        return "<grk module %s %s from %s: %s>" % (
            self.name, self.version, self.path, ", ".join(c["name"] for c in self.components))


def _declaration_problem(params):
    """What grk-eval says of a parameter declaration it cannot read, or None
    (host/src/modules/param_declaration.cpp)."""
    if not isinstance(params, list):
        return "parameter declaration is not a JSON array"
    for entry in params:
        entry = entry if isinstance(entry, dict) else {}
        if not (isinstance(entry.get("name"), str) and isinstance(entry.get("type"), str)
                and isinstance(entry.get("required"), bool)):
            return "parameter declaration entry lacks a string name, a type or a boolean required"
        if entry["type"] not in _PARAM_TYPES:
            return "parameter '%s' has unknown type '%s'" % (entry["name"], entry["type"])
        if "choices" in entry:
            # Allowed values (SDK 1.1.0, docs/design.md §5.3).
            where = "parameter '%s' " % entry["name"]
            choices = entry["choices"]
            if entry["type"] != "string":
                return where + "declares allowed values but is not a string"
            if not (isinstance(choices, list) and choices and all(isinstance(c, str) for c in choices)):
                return where + "declares its allowed values as something other than a non-empty array of strings"
            if "default" in entry and entry["default"] not in choices:
                return where + "has a default that is not one of its allowed values"
        if "comma_separated" in entry and isinstance(entry["comma_separated"], bool) and entry["type"] != "list":
            # A list that takes a comma-separated string too (docs/design.md §5.3).
            return "parameter '%s' declares comma_separated but is not a list" % entry["name"]
    return None


_PARAM_TYPES = ("string", "integer", "number", "boolean", "path", "object", "paths", "list")

# ELF layouts, by EI_CLASS (1: 32-bit, 2: 64-bit): file header, section
# header, symbol; a symbol's fields are read as (name, info, other, shndx, size).
_ELF_LAYOUTS = {
    1: (struct.Struct("<16sHHIIIIIHHHHHH"), struct.Struct("<IIIIIIIIII"), struct.Struct("<IIIBBH"),
        lambda s: (s[0], s[3], s[4], s[5], s[2])),
    2: (struct.Struct("<16sHHIQQQIHHHHHH"), struct.Struct("<IIQQQQIIQQ"), struct.Struct("<IBBHQQ"),
        lambda s: (s[0], s[1], s[2], s[3], s[5])),
}
_SHT_SYMTAB, _SHT_STRTAB, _SHT_DYNSYM = 2, 3, 11


def _c_string(table, offset):
    if offset >= len(table):
        raise ValueError("a name offset lies outside its string table")
    return table[offset:table.index(b"\0", offset)].decode("utf-8", "replace")


def _exported_symbols(data, section_name):
    """The visible symbols of an ELF file that lie in `section_name`, read as
    the host reads them (Boost.DLL's library_info): from .symtab, or .dynsym
    when the file is stripped; global or weak, default or protected
    visibility, non-zero size."""
    layout = _ELF_LAYOUTS.get(data[4] if len(data) > 4 else 0)
    if layout is None:
        raise ValueError("unknown ELF class")
    header_format, section_format, symbol_format, symbol_fields = layout
    header = header_format.unpack_from(data, 0)
    section_offset, section_count, names_index = header[6], header[12], header[13]
    sections = [section_format.unpack_from(data, section_offset + i * section_format.size)
                for i in range(section_count)]
    names_section = section_format.unpack_from(data, section_offset + names_index * section_format.size)
    names = data[names_section[4]:names_section[4] + names_section[5]] + b"\0"
    wanted = section_count  # as Boost: no such section matches no symbol
    tables = {}
    for index, section in enumerate(sections):
        name_offset, kind, offset, size = section[0], section[1], section[4], section[5]
        name = _c_string(names, name_offset)
        if name == section_name and wanted == section_count:
            wanted = index
        if (kind, name) in ((_SHT_SYMTAB, ".symtab"), (_SHT_STRTAB, ".strtab"),
                            (_SHT_DYNSYM, ".dynsym"), (_SHT_STRTAB, ".dynstr")):
            tables[name] = (offset, size)
    symtab, strtab = tables.get(".symtab", (0, 0)), tables.get(".strtab", (0, 0))
    if not symtab[1] or not strtab[1]:
        symtab, strtab = tables.get(".dynsym", (0, 0)), tables.get(".dynstr", (0, 0))
    if not symtab[1] or not strtab[1]:
        return []
    text = data[strtab[0]:strtab[0] + strtab[1]] + b"\0"
    found = []
    for i in range(symtab[1] // symbol_format.size):
        name_offset, info, other, shndx, size = symbol_fields(
            symbol_format.unpack_from(data, symtab[0] + i * symbol_format.size))
        visible = (other & 3) in (0, 3) and (info >> 4) != 0 and size != 0
        if (section_name is None or shndx == wanted) and visible and name_offset < len(text):
            name = _c_string(text, name_offset)
            if name:
                found.append(name)
    return found


def _entry_abi_version(symbol):
    """"grk_plugin_v12" -> 12; anything else -> -1."""
    digits = symbol[len(ENTRY_SYMBOL_PREFIX):]
    if not symbol.startswith(ENTRY_SYMBOL_PREFIX) or not 0 < len(digits) <= 6:
        return -1
    return int(digits) if all("0" <= c <= "9" for c in digits) else -1


def _refusal_from_symbols(path):
    """The host's verdict on a file from its symbol table alone, without
    loading it (host/src/modules/entry_symbols.cpp, modules/probe.cpp): None for a
    module of this ABI, else the reason it is refused."""
    if not os.path.isfile(path):
        return "not a grk plugin: not a regular file"
    with open(path, "rb") as file:
        data = file.read()
    if data[:4] != b"\x7fELF":
        return "not a grk plugin: not an ELF shared object"
    try:
        symbols = _exported_symbols(data, ENTRY_SECTION)
        # A module built without the SDK macro may export the symbol elsewhere.
        if not symbols:
            symbols = _exported_symbols(data, None)
    except (struct.error, ValueError, IndexError):
        # grk-eval gives its ELF reader's exception text here (libstdc++'s
        # "basic_ios::clear: iostream error"), which tells a reader nothing.
        return "not a grk plugin: cannot read its symbol table: it is truncated or not a valid ELF file"
    other = -1
    for symbol in symbols:
        version = _entry_abi_version(symbol)
        if version == ABI_VERSION:
            return None
        if version >= 0:
            other = version
    if other < 0:
        return "not a grk plugin: it exports no %sN entry symbol" % ENTRY_SYMBOL_PREFIX
    # Only a newer ABI has a host to offer; an older one is gone.
    return ("built for grk ABI %d (entry symbol %s%d); this host supports ABI %d (SDK %d.%d.%d). "
            "Rebuild the plugin against grk SDK %d.x%s"
            % ((other, ENTRY_SYMBOL_PREFIX, other, ABI_VERSION) + SDK_VERSION + (SDK_VERSION[0],)
               + ((", or use a grk-eval of ABI %d." % other) if other > ABI_VERSION else ".",)))


def load(path):
    """Loads the plugin module at `path` (absolute, or relative to the working
    folder) and returns a Module, or raises LoadError saying why it cannot,
    in grk-eval's words for the same file."""
    _interrupts.install()  # from the main thread, so that a call from another can be cancelled
    path = os.fspath(path)
    if not os.path.exists(path):
        raise LoadError(path, "no such file", STATUS_NOT_FOUND)
    refusal = _refusal_from_symbols(path)
    if refusal is not None:
        raise LoadError(path, refusal)
    try:
        # RTLD_LOCAL: two modules' private symbols must never meet (as grk-eval).
        library = ctypes.CDLL(os.path.abspath(path), mode=os.RTLD_NOW | os.RTLD_LOCAL)
    except OSError as exc:
        # str(exc) is dlerror()'s text, as grk-eval reports it.
        raise LoadError(path, "cannot load it: %s" % exc) from None
    try:
        # Boost.DLL alias: the symbol is a variable holding the entry's address.
        entry_address = ctypes.c_void_p.in_dll(library, ENTRY_SYMBOL).value
    except ValueError:
        raise LoadError(path, "cannot load it: it exports no %s entry symbol" % ENTRY_SYMBOL) from None
    if not entry_address:
        raise LoadError(path, "its %s entry symbol is null" % ENTRY_SYMBOL)
    address = _Entry(entry_address)()
    if not address:
        raise LoadError(path, "its entry function returned no module descriptor")
    size = ctypes.c_uint32.from_address(address).value
    if size < _MIN_MODULE_SIZE:
        raise LoadError(path, "its module descriptor is %d bytes, smaller than ABI 1's %d"
                        % (size, _MIN_MODULE_SIZE))
    descriptor = ModuleStruct.from_address(address)
    plugin_sdk = "%d.%d.%d" % (descriptor.sdk_version_major, descriptor.sdk_version_minor,
                               descriptor.sdk_version_patch)
    if descriptor.abi_version != ABI_VERSION or descriptor.sdk_version_major != SDK_VERSION[0]:
        raise LoadError(path, "built with grk SDK %s (ABI %d); this host supports %s. "
                              "Rebuild the plugin against grk SDK %d.x."
                        % (plugin_sdk, descriptor.abi_version, _versions(), SDK_VERSION[0]))
    # Same major, plugin minor <= ours: a newer plugin may call host services
    # this loader does not offer (the host's rule, modules/loaded_module.cpp).
    if descriptor.sdk_version_minor > SDK_VERSION[1]:
        raise LoadError(path, "built with grk SDK %s, newer than this host's (%s); it may use "
                              "host services this host lacks. Upgrade grk-eval, or rebuild "
                              "the plugin against SDK %d.%d.%d."
                        % ((plugin_sdk, _versions()) + SDK_VERSION))
    name = _text(descriptor.name)
    if not _is_component_name(name):
        raise LoadError(path, "its module name '%s' is not lowercase kebab-case" % name)
    if descriptor.component_count == 0:
        raise LoadError(path, "it registers no components")
    if not descriptor.components or descriptor.component_size < _MIN_COMPONENT_SIZE:
        raise LoadError(path, "its component table is missing or its entries are too small")
    return Module(path, library, descriptor)


def _install_prefix():
    """<prefix> of <prefix>/share/grk/python/grk_plugins/__init__.py (cmake
    --install), or of <prefix>/lib/pythonX.Y/{site,dist}-packages/grk_plugins/
    (pip install --prefix; Debian's pip may add local/ below the prefix it is
    given: the first of the two that holds lib/grk/plugins)."""
    package = os.path.dirname(os.path.abspath(__file__))
    site = os.path.dirname(package)
    if os.path.basename(site) in ("site-packages", "dist-packages") and \
            os.path.basename(os.path.dirname(site)).startswith("python"):
        prefix = os.path.dirname(os.path.dirname(os.path.dirname(site)))
        candidates = [prefix]
        if os.path.basename(prefix) == "local":
            candidates.append(os.path.dirname(prefix))
        for candidate in candidates:
            if os.path.isdir(os.path.join(candidate, "lib", "grk", "plugins")):
                return candidate
        return prefix
    here = package
    for _ in range(4):
        here = os.path.dirname(here)
    return here


def _default_plugin_dir():
    """<prefix>/lib/grk/plugins; in a source checkout (the package is
    sdk/python/grk_plugins/ beside the top CMakeLists.txt), the build folder's
    build/lib/grk/plugins, where build/bin/grk-eval finds its own."""
    package = os.path.dirname(os.path.abspath(__file__))
    checkout = os.path.dirname(os.path.dirname(os.path.dirname(package)))
    if os.path.isfile(os.path.join(checkout, "CMakeLists.txt")) and \
            package == os.path.join(checkout, "sdk", "python", "grk_plugins"):
        return os.path.join(checkout, "build", "lib", "grk", "plugins")
    return os.path.join(_install_prefix(), "lib", "grk", "plugins")


def plugin_search_path():
    """The folders find_module searches, in grk-eval's order without its
    --plugin-dir and config folders: each GRK_PLUGIN_PATH entry (":"-separated,
    empty entries skipped, relative ones against the working folder), then
    <prefix>/lib/grk/plugins of the prefix this package is installed in, as
    grk-eval's own folder is the default (host/src/modules/search_path.cpp).
    Folders that do not exist are left out, and a folder listed twice is
    searched once."""
    candidates = [entry for entry in os.environ.get("GRK_PLUGIN_PATH", "").split(":") if entry]
    candidates.append(_default_plugin_dir())
    folders, seen = [], set()
    for candidate in candidates:
        folder = os.path.normpath(os.path.abspath(candidate))
        if not os.path.isdir(folder):
            continue
        real = os.path.realpath(folder)
        if real not in seen:
            seen.add(real)
            folders.append(folder)
    return folders


def find_module(name):
    """The path of module file `name`.so in the first folder of
    plugin_search_path() that holds one; LoadError (not-found) naming the
    folders searched when none does."""
    folders = plugin_search_path()
    for folder in folders:
        path = os.path.join(folder, name + ".so")
        if os.path.isfile(path):
            return path
    raise LoadError(name + ".so", "not found in GRK_PLUGIN_PATH or %s (searched: %s)"
                    % (_default_plugin_dir(),
                       ", ".join(folders) or "no existing folder"), STATUS_NOT_FOUND)


def main(argv):
    """The command form; see the module docstring."""
    verbose = any(arg in ("-v", "--verbose") for arg in argv[1:])
    argv = [arg for arg in argv if arg not in ("-v", "--verbose")]
    if len(argv) not in (2, 3, 4) or argv[1] in ("-h", "--help"):
        sys.stderr.write("usage: python3 -m grk_plugins [-v|--verbose] MODULE.so [COMPONENT [PARAMS_JSON]]\n")
        return 1
    try:
        module = load(argv[1])
        if len(argv) == 2:
            document = {"name": module.name, "version": module.version,
                        "sdk_version": module.sdk_version, "components": module.components}
        else:
            try:
                params = json.loads(argv[3]) if len(argv) == 4 else {}
            except ValueError as exc:
                sys.stderr.write("PARAMS_JSON is not JSON: %s\n" % exc)
                return 1
            outcome = module.run(argv[2], params, verbose=verbose,
                                 log=lambda level, message: sys.stderr.write(
                                     "[%s] %s: %s\n" % (argv[2], level, message)))
            if outcome.summary:
                sys.stderr.write(outcome.summary + "\n")
            document = outcome.result
    except LoadError as error:
        sys.stderr.write("%s\n" % error)
        return 2
    except PluginError as error:
        sys.stderr.write("%s\n" % error)
        return 3
    sys.stdout.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    return 0


# Last: it finds grk-eval through plugin_search_path above.
from ._compare import compare, ResultsTable  # noqa: E402
