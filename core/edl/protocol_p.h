#pragma once
// The envelope reader of decodeEnvelope (protocol.cpp), private to it.

#include "common/json.h"

#include <cstddef>
#include <string>
#include <utility>

namespace vantage::edl::detail {

// Keeps the scalar members of the top-level object and nothing else: nested values (the body)
// are read past without being stored, so a stranger's body is never decoded.
class EnvelopeReader final : public nlohmann::json_sax<Json> {
public:
    Json fields = Json::object();

    bool null() override { return keep(nullptr); }
    bool boolean(bool v) override { return keep(v); }
    bool number_integer(number_integer_t v) override { return keep(v); }
    bool number_unsigned(number_unsigned_t v) override { return keep(v); }
    bool number_float(number_float_t v, const string_t&) override { return keep(v); }
    bool string(string_t& v) override { return keep(std::move(v)); }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return open(true); }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(false); }
    bool end_array() override { return close(); }
    bool key(string_t& k) override;
    // Throws Error::invalidInput naming the byte.
    bool parse_error(std::size_t byte, const std::string&, const nlohmann::detail::exception& e) override;
    bool topIsObject() const { return m_topIsObject; }

private:
    template <typename T> bool keep(T&& v)
    {
        if (m_depth == 1)
            fields[m_key] = std::forward<T>(v);
        else if (m_depth == 0)
            m_topIsObject = false;
        return true;
    }
    bool open(bool object);
    bool close();

    int m_depth = 0;
    bool m_topIsObject = false;
    std::string m_key;
};

} // namespace vantage::edl::detail
