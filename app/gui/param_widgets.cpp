#include "param_widgets.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSpinBox>

#include <algorithm>
#include <cmath>
#include <limits>

namespace vantage::gui {

namespace {

double number(const params::Value& value)
{
    return std::visit(
        [](const auto& x) -> double {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_arithmetic_v<X>)
                return static_cast<double>(x);
            else
                return 0.0;
        },
        value);
}

int clampedInt(const params::Value& value)
{
    constexpr double lo = std::numeric_limits<int>::min();
    constexpr double hi = std::numeric_limits<int>::max();
    return static_cast<int>(std::clamp(number(value), lo, hi));
}

// The field's help in the user's language (core's texts are translated in the context "Params"),
// unless the page wrote its own tooltip for its users.
void describe(QWidget* widget, const params::FieldInfo& field)
{
    if (widget->toolTip().isEmpty())
        widget->setToolTip(helpText(field));
    widget->setProperty(kParamKeyProperty, QString::fromStdString(field.key()));
}

} // namespace

QString helpText(const params::FieldInfo& field)
{
    return QCoreApplication::translate("Params", field.names.help.c_str());
}

void configureInput(QSpinBox* box, const params::FieldInfo& field)
{
    Q_ASSERT(field.type == params::Type::Int);
    box->setRange(clampedInt(field.min) + (field.minExclusive ? 1 : 0), clampedInt(field.max));
    box->setValue(clampedInt(field.defaultValue));
    describe(box, field);
}

void configureInput(QDoubleSpinBox* box, const params::FieldInfo& field)
{
    Q_ASSERT(field.type == params::Type::Double);
    const double step = std::pow(10.0, -box->decimals());
    box->setRange(number(field.min) + (field.minExclusive ? step : 0.0), number(field.max));
    box->setValue(number(field.defaultValue));
    describe(box, field);
}

void configureInput(QCheckBox* box, const params::FieldInfo& field)
{
    Q_ASSERT(field.type == params::Type::Bool);
    box->setChecked(std::get<bool>(field.defaultValue));
    describe(box, field);
}

void configureInput(QComboBox* box, const params::FieldInfo& field)
{
    Q_ASSERT(field.type == params::Type::Enum || field.type == params::Type::String);
    Q_ASSERT(field.type != params::Type::Enum || box->count() == static_cast<int>(field.choices.size()));
    box->setCurrentIndex(std::max(0, box->findData(QString::fromStdString(std::get<std::string>(field.defaultValue)))));
    describe(box, field);
}

void configureInput(QLineEdit* edit, const params::FieldInfo& field)
{
    Q_ASSERT(field.type == params::Type::String || field.type == params::Type::Path
        || field.type == params::Type::NumberList || field.type == params::Type::Items
        || field.type == params::Type::Bytes);
    const bool noSize = field.type == params::Type::Bytes && std::get<std::int64_t>(field.defaultValue) == 0;
    edit->setText(noSize ? QString() : QString::fromStdString(params::valueText(field.defaultValue)));
    describe(edit, field);
}

params::Value inputValue(const QLineEdit* edit, const params::FieldInfo& field)
{
    const QString text = edit->text().trimmed();
    if (text.isEmpty())
        return field.defaultValue;
    auto parsed = field.parse(text.toStdString());
    if (const auto* why = std::get_if<std::string>(&parsed))
        throw Error::invalidInput(*why).forField(field.key());
    return std::get<params::Value>(std::move(parsed));
}

} // namespace vantage::gui
