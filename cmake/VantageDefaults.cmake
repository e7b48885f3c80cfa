# Build defaults shared by every target: C++20, warnings, QT_NO_KEYWORDS, sanitizers, ccache.
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
set(CMAKE_EXPORT_COMPILE_COMMANDS ON)
# Position-independent code everywhere: the Python elastic module (python/) is a shared object made
# of the same static libraries, and one setting keeps the shared precompiled torch header usable by
# every target.
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
    set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type" FORCE)
endif()

find_program(VANTAGE_CCACHE ccache)
if(VANTAGE_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
    set(CMAKE_CXX_COMPILER_LAUNCHER ${VANTAGE_CCACHE})
    set(CMAKE_CUDA_COMPILER_LAUNCHER ${VANTAGE_CCACHE})
endif()

include(GNUInstallDirs)

# Precompiled headers and unity builds interact badly with ccache's direct mode; keep ccache
# deterministic across clean clones (CI builds from a fresh folder every time).
set(ENV{CCACHE_BASEDIR} ${PROJECT_SOURCE_DIR})
set(ENV{CCACHE_NOHASHDIR} 1)

find_package(Git QUIET)
set(VANTAGE_GIT_DESCRIBE "${PROJECT_VERSION}")
if(GIT_FOUND AND EXISTS ${PROJECT_SOURCE_DIR}/.git)
    execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty --tags
        WORKING_DIRECTORY ${PROJECT_SOURCE_DIR} OUTPUT_VARIABLE _describe
        OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(_describe)
        set(VANTAGE_GIT_DESCRIBE "${_describe}")
    endif()
endif()

add_compile_definitions(QT_NO_KEYWORDS)

function(vantage_target_defaults target)
    target_compile_options(${target} PRIVATE
        $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wno-missing-field-initializers>)
    # GCC 12 reports std::string concatenation in optimised builds as overlapping memcpy, a false
    # positive of its own headers (GCC bug 105651).
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
        target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wno-restrict>)
    endif()
    if(VANTAGE_SANITIZE)
        target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer)
        target_link_options(${target} PRIVATE -fsanitize=address,undefined)
    endif()
endfunction()

if(VANTAGE_SANITIZE)
    add_link_options(-fsanitize=address,undefined)
endif()
