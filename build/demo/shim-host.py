"""A small fake host of the shim door (HostSpec.door 'shim') for the demo and the tests: loads
a plugin folder the way that host does (as the package <host>_plugins.<slug> whose __path__ is
the folder, then register(ctx)) and calls the registered hooks with keyword arguments only.
The host's name comes in the request: the demo's driver is named after the host it imitates
(build/demo.mjs), and the tests take it from the host's spec in core/registry.

Request on stdin (JSON): {"host": ..., "plugin_dir": ..., "steps": [{"name": ..., "hook": ..., "kwargs": {...}}]}
Answer on stdout (JSON): {"registered": {hook: count}, "load_error"?: str, "results": [...]}
"""
import contextlib
import importlib.machinery
import importlib.util
import io
import json
import os
import sys


class FakeContext:
    def __init__(self):
        self.hooks = {}
        self.records = []

    def register_hook(self, name, callback):
        self.hooks.setdefault(name, []).append(callback)

    def __getattr__(self, name):
        # register_tool, register_command, ...: recorded, never fatal
        def record(*args, **kwargs):
            self.records.append({"call": name, "args": [repr(a) for a in args]})
        return record


def load(host, plugin_dir, ctx):
    plugin_dir = os.path.abspath(plugin_dir)
    slug = os.path.basename(os.path.normpath(plugin_dir)).replace("-", "_")
    package = host + "_plugins"
    name = package + "." + slug
    if package not in sys.modules:
        parent = importlib.util.module_from_spec(importlib.machinery.ModuleSpec(package, None, is_package=True))
        parent.__path__ = []
        sys.modules[package] = parent
    spec = importlib.util.spec_from_file_location(name, os.path.join(plugin_dir, "__init__.py"),
                                                  submodule_search_locations=[plugin_dir])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    module.register(ctx)


def main():
    request = json.load(sys.stdin)
    ctx = FakeContext()
    answer = {"registered": {}, "results": [], "records": ctx.records}
    # whatever the plugin prints must not corrupt the JSON answer on stdout
    with contextlib.redirect_stdout(sys.stderr):
        try:
            load(request["host"], request["plugin_dir"], ctx)
        except Exception as exc:  # the report says why; the host itself would log and go on
            answer["load_error"] = "%s: %s" % (type(exc).__name__, exc)
        answer["registered"] = {k: len(v) for k, v in ctx.hooks.items()}
        for step in request.get("steps", []):
            callbacks = ctx.hooks.get(step["hook"], [])
            if not callbacks:
                answer["results"].append({"name": step["name"], "unhandled": True})
                continue
            returned = []
            error = None
            for cb in callbacks:
                try:
                    returned.append(cb(**step.get("kwargs", {})))
                except Exception as exc:  # the host swallows it (= allow); report it
                    error = "%s: %s" % (type(exc).__name__, exc)
            answer["results"].append({"name": step["name"], "returned": returned, "error": error})
    sys.stdout.write(json.dumps(answer, default=repr))


if __name__ == "__main__":
    main()
