{
  "targets": [
    {
      "target_name": "peer_bridge",
      "sources": ["native/binding.cc", "native/src/common.cc"],
      "include_dirs": [
        "<!(node -p \"require('node-addon-api').include_dir\")",
        "native/include"
      ],
      "defines": ["NAPI_VERSION=8", "NAPI_CPP_EXCEPTIONS", "NODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS"],
      "cflags!": ["-fno-exceptions"],
      "cflags_cc!": ["-fno-exceptions"],
      "cflags_cc": ["-std=c++17", "-fstack-protector-strong", "-Wall", "-Wextra", "-Wno-unused-parameter"],
      "conditions": [
        ["OS=='linux'", {
          "sources": ["native/src/posix.cc", "native/src/linux.cc"],
          "defines": ["_GNU_SOURCE", "_FORTIFY_SOURCE=2"],
          "ldflags": ["-Wl,-z,relro,-z,now"]
        }],
        ["OS=='mac'", {
          "sources": ["native/src/posix.cc", "native/src/darwin.cc"],
          "xcode_settings": {
            "GCC_ENABLE_CPP_EXCEPTIONS": "YES",
            "CLANG_CXX_LANGUAGE_STANDARD": "c++17",
            "MACOSX_DEPLOYMENT_TARGET": "10.15"
          }
        }],
        ["OS=='win'", {
          "sources": ["native/src/win32.cc"],
          "defines": ["_WIN32_WINNT=0x0A00", "UNICODE", "_UNICODE", "WIN32_LEAN_AND_MEAN"],
          "msvs_settings": {
            "VCCLCompilerTool": { "ExceptionHandling": 1, "AdditionalOptions": ["/std:c++17"] }
          }
        }]
      ]
    }
  ],
  "conditions": [
    ["OS=='linux'", {
      "targets": [
        {
          "target_name": "peer-bridge-reaper",
          "type": "executable",
          "sources": ["native/reaper/linux.cc"],
          "defines": ["_GNU_SOURCE", "_FORTIFY_SOURCE=2"],
          "cflags_cc": ["-std=c++17", "-O2", "-fno-exceptions", "-fno-rtti", "-fstack-protector-strong", "-Wall", "-Wextra"],
          "ldflags": ["-s", "-Wl,-z,relro,-z,now"]
        }
      ]
    }]
  ]
}
