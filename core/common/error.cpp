#include "common/error.h"

namespace vantage {

Error::Error(std::string message, Kind kind)
    : std::runtime_error(message)
    , m_kind(kind)
    , m_message(std::move(message))
{
    rebuild();
}

Error& Error::inFile(std::string file) &
{
    m_file = std::move(file);
    rebuild();
    return *this;
}

Error& Error::atLine(std::int64_t line) &
{
    m_line = line;
    rebuild();
    return *this;
}

Error& Error::forField(std::string field) &
{
    m_field = std::move(field);
    rebuild();
    return *this;
}

Error& Error::inOp(std::string op) &
{
    m_op = std::move(op);
    rebuild();
    return *this;
}

void Error::rebuild()
{
    std::string s;
    if (m_file) {
        s += *m_file;
        if (m_line)
            s += ':' + std::to_string(*m_line);
        s += ": ";
    } else if (m_line) {
        s += "line " + std::to_string(*m_line) + ": ";
    }
    if (m_field)
        s += "field '" + *m_field + "': ";
    s += m_message;
    if (m_op)
        s += " (in " + *m_op + ")";
    m_full = std::move(s);
}

} // namespace vantage
